import styled from 'styled-components';
import { space } from '../../../app/theme';
import { Stack } from '../../../ui/stack';

export const Banner = styled(Stack).attrs({
  $row: true,
  $wrap: true,
  $align: 'center' as const,
  $justify: 'between' as const,
  $gap: 3,
})`
  padding: ${space(3)} ${space(4)};
  background: ${({ theme }) => theme.colors.warningSoft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
`;

export const BannerText = styled.p`
  margin: 0;
  flex: 1 1 20rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
