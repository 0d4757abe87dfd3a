import styled from 'styled-components';
import { icon, media, space } from '../../../app/theme';
import { Card } from '../../../ui/card';
import { withTag } from '../../../ui/with-tag';

export const StatsGrid = styled.section`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${space(4)};
  margin-bottom: ${space(6)};
  ${media.down('sm')} { grid-template-columns: 1fr; gap: ${space(3)}; }
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
  background: ${({ theme, $tone }) => (($tone === 'primary' && theme.colors.primarySoft) || ($tone === 'success' && theme.colors.successSoft) || theme.colors.warningSoft)};
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  svg { width: ${space(5)}; height: ${space(5)}; }
`;

export const StatValue = styled.p`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.1;
`;

export const StatLabel = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Filters = styled(Card).attrs(withTag('section', { $shadow: 'none' as const }))`
  display: grid;
  grid-template-columns: minmax(14rem, 2fr) repeat(4, minmax(0, 1fr));
  align-items: end;
  gap: ${space(3)};
  margin-bottom: ${space(6)};
  padding: ${space(4)} ${space(5)};
  ${media.down('lg')} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${media.down('sm')} { grid-template-columns: 1fr; }
`;

export const IdeaGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space(4)};
  > * { display: flex; }
  > * > article { flex: 1; min-width: 0; }
  ${media.down('md')} { grid-template-columns: 1fr; }
`;

export const IdeaCardRoot = styled(Card).attrs(withTag('article', { $padding: 'md' as const, $interactive: true }))`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
`;

export const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
`;

export const IdeaTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.35;
  overflow-wrap: anywhere;
`;

export const Description = styled.p<{ $clamp?: boolean }>`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textSecondary};
  line-height: 1.6;
  ${({ $clamp }) => $clamp && 'display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden;'}
`;

export const Byline = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(2.5)};
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  strong { color: ${({ theme }) => theme.colors.text}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
`;

export const CardFooter = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${space(2)};
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
  span { display: inline-flex; align-items: center; gap: ${space(1)}; }
  svg { ${icon('sm')} }
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

export const SkillsGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space(2)} ${space(4)};
  ${media.down('sm')} { grid-template-columns: 1fr; }
`;

export const FormRow = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space(3.5)};
  ${media.down('sm')} { grid-template-columns: 1fr; }
`;

export const LoadMore = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${space(5)};
`;

export const DetailLayout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr);
  gap: ${space(5)};
  align-items: start;
  ${media.down('lg')} { grid-template-columns: 1fr; }
`;

export const Section = styled(Card).attrs(withTag('section', { $padding: 'md' as const }))`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  & + & { margin-top: ${space(5)}; }
`;

export const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

export const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const PersonList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  list-style: none;
  padding: 0;
  margin: 0;
`;

export const PersonRow = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${space(3)};
  min-width: 0;
  > div { flex: 1; min-width: 0; }
`;

export const CommentText = styled.p`
  margin-top: ${space(1)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textSecondary};
  line-height: 1.5;
`;

export const Composer = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  > button { align-self: flex-end; }
`;
