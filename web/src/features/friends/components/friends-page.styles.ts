import styled from 'styled-components';

export const SearchRow = styled.div`
  margin-bottom: 1.25rem;
  max-width: 32rem;
`;

export const TabLabel = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
`;

/** The red badge on Requests: how many requests wait for the caller's answer. */
export const IncomingBadge = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 1.25rem;
  height: 1.25rem;
  padding: 0 0.375rem;
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
  margin: 0 0 0.75rem;
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  section + section & {
    margin-top: 1.5rem;
  }
`;

export const Section = styled.section`
  & + & {
    margin-top: 1.75rem;
  }
`;

export const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;
