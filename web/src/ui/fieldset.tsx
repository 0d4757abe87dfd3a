import type { ReactNode } from 'react';
import styled from 'styled-components';
import { space } from '../app/theme';

/** A group of related controls (radio cards, swatches, chips) under one legend. */
export const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
`;

/** The fieldset's caption, styled like a field label. */
export const Legend = styled.legend`
  margin-bottom: ${space(2)};
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** A fieldset with its legend: `<FieldGroup legend="Interests">…</FieldGroup>`. */
export function FieldGroup({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <Fieldset>
      <Legend>{legend}</Legend>
      {children}
    </Fieldset>
  );
}
