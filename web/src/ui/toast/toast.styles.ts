import styled, { css, keyframes } from 'styled-components';
import { media } from '../../app/theme';

const slideIn = keyframes`from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; }`;

export const Viewport = styled.section`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.toast};
  right: 1rem;
  bottom: 1rem;
  width: min(24rem, calc(100vw - 2rem));
  &:focus-visible { outline: none; }
  ${media.down('sm')} {
    top: 0.75rem;
    bottom: auto;
    right: 0.75rem;
    width: calc(100vw - 1.5rem);
  }
`;

export const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

export const ToastRoot = styled.li<{ $destructive: boolean; $offset: number }>`
  position: relative;
  display: flex;
  gap: 0.75rem;
  align-items: flex-start;
  padding: 1rem 2.75rem 1rem 1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${slideIn} 180ms ease;
  transform: translateX(${({ $offset }) => $offset}px);
  opacity: ${({ $offset }) => 1 - Math.min(Math.abs($offset) / 200, 0.6)};
  touch-action: pan-y;
  ${({ $destructive, theme }) =>
    $destructive &&
    css`
      background: ${theme.colors.danger};
      border-color: ${theme.colors.danger};
      color: #fff;
    `}
`;

export const ToastIcon = styled.span<{ $destructive: boolean }>`
  display: grid;
  place-items: center;
  flex-shrink: 0;
  width: 1.75rem;
  height: 1.75rem;
  border-radius: 50%;
  background: ${({ theme, $destructive }) => ($destructive ? 'rgba(255,255,255,0.18)' : theme.colors.primarySoft)};
  color: ${({ theme, $destructive }) => ($destructive ? '#fff' : theme.colors.primary)};
  svg { width: 1rem; height: 1rem; }
`;

export const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.125rem;
  min-width: 0;
  padding-top: 0.2rem;
`;

export const Title = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const Description = styled.div<{ $destructive: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $destructive }) => ($destructive ? 'rgba(255,255,255,0.92)' : theme.colors.muted)};
  overflow-wrap: anywhere;
`;

export const Close = styled.button<{ $destructive: boolean }>`
  position: absolute;
  top: 0.625rem;
  right: 0.625rem;
  display: grid;
  place-items: center;
  width: 1.75rem;
  height: 1.75rem;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme, $destructive }) => ($destructive ? '#fff' : theme.colors.muted)};
  cursor: pointer;
  &:hover { background: ${({ $destructive }) => ($destructive ? 'rgba(255,255,255,0.15)' : 'rgba(15,23,42,0.06)')}; }
  &:focus-visible { outline: none; box-shadow: 0 0 0 2px currentColor; }
  svg { width: 1rem; height: 1rem; }
`;
