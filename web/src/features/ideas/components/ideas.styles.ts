import styled from 'styled-components';
import { icon, media, space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { FormStack, MediaRow, PairGrid } from '../../../ui/layout.styles';
import { Stack } from '../../../ui/stack';
import { CardStack } from '../../../ui/surface.styles';
import { MutedText, Text } from '../../../ui/text';
import { UserText } from '../../../ui/text.styles';
import { withTag } from '../../../ui/with-tag';

export const StatsGrid = styled.section`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${space(4)};
  margin-bottom: ${space(6)};
  ${media.down('sm')} {
    grid-template-columns: 1fr;
    gap: ${space(3)};
  }
`;

export const StatCard = styled(Card)`
  display: flex;
  align-items: center;
  gap: ${space(3.5)};
  padding: ${space(4.5)} ${space(5)};
`;

export const StatIcon = styled.span<{ $tone: 'primary' | 'success' | 'warning' }>`
  display: grid;
  place-items: center;
  width: ${space(10)};
  height: ${space(10)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $tone }) => ($tone === 'primary' && theme.colors.primarySoft) || ($tone === 'success' && theme.colors.successSoft) || theme.colors.warningSoft};
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  svg {
    width: ${space(5)};
    height: ${space(5)};
  }
`;

export const StatValue = styled(Text).attrs({
  $size: '2xl' as const,
  $weight: 'bold' as const,
  $tone: 'text' as const,
})`
  line-height: 1.1;
`;

export const StatLabel = MutedText;

export const Filters = styled(Card).attrs(withTag('section', { $shadow: 'none' as const }))`
  display: grid;
  grid-template-columns: minmax(14rem, 2fr) repeat(4, minmax(0, 1fr));
  align-items: end;
  gap: ${space(3)};
  margin-bottom: ${space(6)};
  padding: ${space(4)} ${space(5)};
  ${media.down('lg')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.down('sm')} {
    grid-template-columns: 1fr;
  }
`;

export const IdeaGrid = styled(PairGrid).attrs({ $below: 'md' as const })`
  > * {
    display: flex;
  }
  > * > article {
    flex: 1;
    min-width: 0;
  }
`;

export const IdeaCardRoot = styled(CardStack).attrs(
  withTag('article', { $padding: 'md' as const, $interactive: true, $gap: 3 }),
)``;

export const Chips = styled(Stack).attrs({ $row: true, $wrap: true, $gap: 1.5 })``;

export const IdeaTitle = styled(Text).attrs(
  withTag('h3', { $size: 'lg' as const, $weight: 'semibold' as const, $tone: 'text' as const }),
)`
  line-height: 1.35;
  overflow-wrap: anywhere;
`;

export const Description = styled(UserText)<{ $clamp?: boolean }>`
  line-height: 1.6;
  ${({ $clamp }) => $clamp && 'display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden;'}
`;

export const Byline = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 2.5 })`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

export const CardFooter = styled(Stack).attrs({
  $row: true,
  $wrap: true,
  $align: 'center' as const,
  $gap: 2,
})`
  margin-top: auto;
  padding-top: ${space(3)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export const Counts = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space(3)};
  margin-right: auto;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
  span {
    display: inline-flex;
    align-items: center;
    gap: ${space(1)};
  }
  svg {
    ${icon('sm')}
  }
`;

export const SkillsFieldset = styled.fieldset`
  border: none;
  padding: 0;
  margin: 0;
  legend {
    margin-bottom: ${space(2)};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

export const SkillsGrid = styled(PairGrid).attrs({ $gap: [2, 4] as [number, number] })``;

export const FormRow = styled(PairGrid).attrs({ $gap: 3.5 })``;

export const LoadMore = styled(Stack).attrs({ $row: true, $justify: 'center' as const })`
  margin-top: ${space(5)};
`;

export const DetailLayout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr);
  gap: ${space(5)};
  align-items: start;
  ${media.down('lg')} {
    grid-template-columns: 1fr;
  }
`;

export const Section = styled(CardStack).attrs(withTag('section', { $padding: 'md' as const, $gap: 4 }))`
  & + & {
    margin-top: ${space(5)};
  }
`;

export const SectionTitle = styled(Text).attrs(
  withTag('h2', { $size: 'md' as const, $weight: 'semibold' as const, $tone: 'text' as const }),
)``;

export const Muted = MutedText;

export const PersonList = styled(Stack).attrs(withTag('ul', { $gap: 3 }))``;

export const PersonRow = styled(MediaRow).attrs(withTag('li'))``;

export const CommentText = styled(UserText)`
  margin-top: ${space(1)};
  line-height: 1.5;
`;

export const Composer = styled(FormStack).attrs({ $gap: 2 })`
  > button {
    align-self: flex-end;
  }
`;
