import type { ReactNode } from 'react';

/** One row of a description list: what it is, and its value. */
export type Fact = readonly [term: ReactNode, value: ReactNode];

/**
 * The rows of a description list (`<div><dt/><dd/></div>` each, in order) from a table of facts;
 * a `false` entry is a fact that does not apply. The caller's styled `<dl>` holds them.
 */
export function FactRows({ facts }: { facts: ReadonlyArray<Fact | false> }) {
  return (
    <>
      {facts.map(
        (fact, index) =>
          fact && (
            <div key={index}>
              <dt>{fact[0]}</dt>
              <dd>{fact[1]}</dd>
            </div>
          ),
      )}
    </>
  );
}
