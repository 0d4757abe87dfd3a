import type { ExecutionProps } from 'styled-components';

type Tag = NonNullable<ExecutionProps['as']>;

/**
 * Attrs for a preset that renders as `tag` unless its user passes another `as`
 * (`styled(Stack).attrs(withTag('ul', { $gap: 2 }))`). Plain `attrs({ as })` would win over the
 * user's `as`, so a heading preset could never become an h1.
 */
export function withTag<T extends object>(tag: Tag, attrs: T = {} as T) {
  return (props: ExecutionProps) => ({ ...attrs, as: props.as ?? tag });
}
