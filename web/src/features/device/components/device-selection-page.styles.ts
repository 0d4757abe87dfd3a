import styled from 'styled-components';
import { media } from '../../../app/theme';

export const Screen = styled.main`
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2rem;
  padding: 3rem 1.25rem;
  background:
    radial-gradient(1000px 500px at 50% -10%, rgba(59, 130, 246, 0.14), transparent 70%),
    ${({ theme }) => theme.colors.background};
  ${media.down('sm')} { justify-content: flex-start; padding-top: 2.5rem; gap: 1.5rem; }
`;

export const Intro = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  text-align: center;
  max-width: 34rem;
`;

export const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  margin-bottom: 0.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-size: 1.4rem;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.02em;
  ${media.down('sm')} { font-size: ${({ theme }) => theme.fontSizes['2xl']}; }
`;

export const Lead = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

export const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  max-width: 56rem;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1.25rem;
  ${media.down('md')} { grid-template-columns: 1fr; max-width: 28rem; gap: 0.875rem; }
`;

export const OptionButton = styled.button<{ $selected: boolean }>`
  position: relative;
  width: 100%;
  height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  padding: 2rem 1.5rem;
  text-align: center;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $selected }) => ($selected ? theme.colors.primarySoft : theme.colors.surface)};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  cursor: pointer;
  transition: border-color 150ms ease, box-shadow 150ms ease, transform 150ms ease;

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: ${({ theme }) => theme.shadows.md};
    transform: translateY(-2px);
  }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
  &:disabled { cursor: default; opacity: ${({ $selected }) => ($selected ? 1 : 0.55)}; }

  ${media.down('md')} {
    flex-direction: row;
    text-align: left;
    padding: 1.125rem 1.25rem;
    gap: 1rem;
  }
`;

export const OptionIcon = styled.span`
  display: grid;
  place-items: center;
  flex-shrink: 0;
  width: 4rem;
  height: 4rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
  svg { width: 2rem; height: 2rem; }
  ${media.down('md')} { width: 3rem; height: 3rem; svg { width: 1.5rem; height: 1.5rem; } }
`;

export const OptionText = styled.span`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
`;

export const OptionTitle = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

export const OptionDescription = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

export const Check = styled.span`
  position: absolute;
  top: 0.75rem;
  right: 0.75rem;
  display: grid;
  place-items: center;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  svg { width: 0.9rem; height: 0.9rem; }
`;

export const Footnote = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  text-align: center;
`;
