import styled from 'styled-components';
import { space } from '../../../app/theme';
import { TwoColumns as Columns } from '../../../ui/layout.styles';
import { Stack } from '../../../ui/stack';
import { withTag } from '../../../ui/with-tag';

export { Stack };

export const TwoColumns = styled(Columns).attrs({ $from: 'md' as const })``;

// \`&&\`: Stack as a list resets its margin with a more specific rule.
export const FeatureList = styled(Stack).attrs(withTag('ul', { $gap: 2 }))`
  && {
    margin-top: ${({ theme }) => theme.spacing(3)};
  }
`;

export const Feature = styled(Stack).attrs(withTag('li', { $row: true, $align: 'center' as const, $gap: 2 }))`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  svg {
    width: ${space(4)};
    height: ${space(4)};
    color: ${({ theme }) => theme.colors.success};
    flex-shrink: 0;
  }
`;

export const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
  margin-top: ${({ theme }) => theme.spacing(2)};
  span {
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    color: ${({ theme }) => theme.colors.muted};
  }
`;

export const Callout = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.primaryBorder};
  background: ${({ theme }) => theme.colors.primarySoft};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.spacing(3, 4)};
  color: ${({ theme }) => theme.colors.primaryActive};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  strong {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

export const Actions = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 2 })`
  margin-top: ${({ theme }) => theme.spacing(4)};
`;

export const Form = styled(Stack).attrs(withTag('form', { $gap: 4 }))`
  margin-top: ${({ theme }) => theme.spacing(4)};
`;

export const Steps = styled.ol`
  margin: ${({ theme }) => theme.spacing(3, 0, 0, 5)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const StatusRow = styled(Stack).attrs({ $row: true, $wrap: true, $align: 'center' as const, $gap: 3 })`
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

export const Detail = styled.p`
  margin-top: ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const HistoryList = styled(Stack).attrs(withTag('ol', { $gap: 0 }))`
  && {
    margin-top: ${({ theme }) => theme.spacing(3)};
  }
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing(3)};
    padding: ${({ theme }) => theme.spacing(2, 0)};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  time {
    color: ${({ theme }) => theme.colors.muted};
    white-space: nowrap;
  }
`;

export const NavLinks = styled(Stack).attrs(
  withTag('nav', { $row: true, $wrap: true, $gap: 2, $justify: 'center' as const }),
)``;
