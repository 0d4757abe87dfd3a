import styled, { css } from 'styled-components';
import { media } from '../../../app/theme';

export const Layout = styled.div`
  flex: 1;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.5rem;
  width: 100%;
  max-width: 1440px;
  margin: 0 auto;
  padding: 1.5rem;
  ${media.up('lg')} { grid-template-columns: 17.5rem minmax(0, 1fr); }
  ${media.up('xl')} { grid-template-columns: 17.5rem minmax(0, 1fr) 20rem; }
  ${media.down('md')} { padding: 1rem; gap: 1rem; }
`;

/* The side columns stay in view while the feed scrolls; taller than the window, they scroll themselves. */
const stickyColumn = css`
  position: sticky;
  top: calc(${({ theme }) => theme.layout.topBarHeight} + 1.5rem - 4px);
  align-self: start;
  max-height: calc(100dvh - ${({ theme }) => theme.layout.topBarHeight} - 3rem + 8px);
  overflow-y: auto;
  overscroll-behavior: contain;
  scrollbar-width: thin;
  scrollbar-color: ${({ theme }) => theme.colors.borderStrong} transparent;
  /* Room for focus rings and the panels' shadow inside the scroll box (the 4px above offsets it). */
  margin: -4px;
  padding: 4px;
`;

export const Sidebar = styled.aside`
  display: none;
  ${media.up('lg')} {
    display: flex;
    flex-direction: column;
    gap: 1rem;
    ${stickyColumn}
  }
`;

export const Panel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: 1rem;
`;

export const SidebarTitle = styled.div`
  padding: 0.25rem 0.25rem 0.75rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: 0.75rem;
`;

export const ProductTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.primary};
  letter-spacing: -0.01em;
`;

export const ProductSubtitle = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const UserBlock = styled.button`
  width: 100%;
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem;
  border: none;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: transparent;
  text-align: left;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

export const UserName = styled.span`
  display: block;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const UserMeta = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

export const SectionHeading = styled.h3`
  margin-bottom: 0.5rem;
  padding: 0 0.25rem;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.subtle};
`;

export const SlotHint = styled.p`
  padding: 0.5rem 0.25rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Main = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  min-width: 0;
`;

export const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.75rem;
  padding: 1rem 1.25rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

export const HeaderTitle = styled.h1`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  svg { width: 1.25rem; height: 1.25rem; color: ${({ theme }) => theme.colors.primary}; }
`;

export const HeaderActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  ${media.down('sm')} {
    width: 100%;
    flex-wrap: nowrap;
    > * { flex: 1; padding: 0 0.5rem; }
  }
`;

export const Feed = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

export const MessagesColumn = styled.aside`
  display: none;
  ${media.up('xl')} {
    display: block;
    ${stickyColumn}
  }
`;
