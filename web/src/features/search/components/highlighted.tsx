import { Fragment, useMemo } from 'react';
import styled from 'styled-components';

const Mark = styled.mark`
  background: ${({ theme }) => theme.colors.warningSoft};
  color: inherit;
  border-radius: ${({ theme }) => theme.radii.sm};
  box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.warning}40;
  padding: 0 1px;
`;

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with the words the search matched marked: `terms` are the index's words (a misspelt
 * query's corrected words among them), marked where a word of the text starts with one.
 */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  const pattern = useMemo(() => {
    const usable = [...new Set(terms.filter((term) => term.length > 0))].sort((a, b) => b.length - a.length);
    return usable.length > 0
      ? new RegExp(`(?<![\\p{L}\\p{N}])(${usable.map(escape).join('|')})`, 'giu')
      : null;
  }, [terms]);
  if (!pattern) return <>{text}</>;
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? <Mark key={index}>{part}</Mark> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
