import styled from 'styled-components';
import { space } from '../../../app/theme';
import { PairGrid, spreadRow } from '../../../ui/layout.styles';
import { Stack } from '../../../ui/stack';
import { MutedText } from '../../../ui/text';
import { withTag } from '../../../ui/with-tag';

export const Grid = styled(PairGrid).attrs({ $gap: 5, $below: 'md' as const })``;

export const Pre = styled.pre`
  margin: ${space(4, 0, 0)};
  padding: ${space(4)};
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.codeBackground};
  color: ${({ theme }) => theme.colors.codeText};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.6;
`;

// `&&`: Stack as a list resets its margin with a more specific rule.
export const List = styled(Stack).attrs(withTag('ul', { $gap: 2 }))`
  && {
    margin-top: ${space(4)};
  }
  li {
    ${spreadRow}
    gap: ${space(4)};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

export const Muted = styled(MutedText)`
  margin-top: ${space(4)};
`;
