import styled from 'styled-components';
import { space } from '../../../app/theme';

export const SearchRow = styled.div`
  margin-bottom: ${space(5)};
  max-width: 32rem;
`;

export const TabLabel = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
`;

/** The red badge on Requests: how many requests wait for the caller's answer. */
export const IncomingBadge = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: ${space(5)};
  height: ${space(5)};
  padding: 0 ${space(1.5)};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

/** A tab's content (the tab panel already spaces it from the tabs). */
export const Panel = styled.div`
  min-height: 12rem;
`;

export const SectionTitle = styled.h2`
  margin: 0 0 ${space(3)};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  section + section & {
    margin-top: ${space(6)};
  }
`;

export const Section = styled.section`
  & + & {
    margin-top: ${space(7)};
  }
`;

export const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;
