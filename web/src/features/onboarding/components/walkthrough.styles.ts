import styled, { css, keyframes } from 'styled-components';
import { CloseButton as UiCloseButton } from '../../../ui/icon-button';
import type { WalkthroughAnimation } from '../walkthrough-steps';
import { space } from '../../../app/theme';
import { Card as UiCard } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { MutedText, Text } from '../../../ui/text';
import { withTag } from '../../../ui/with-tag';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const slideIn = keyframes`from { opacity: 0; transform: translateY(10px); } to { opacity: 1; transform: none; }`;
const zoomIn = keyframes`from { opacity: 0; transform: scale(0.94); } to { opacity: 1; transform: none; }`;
// The theme's spotlight colours, as the CSS variables GlobalStyle sets (keyframes take no theme).
const [spotlightDim, spotlightRing, spotlightGlow, spotlightGlowFaded] = ['dim', 'ring', 'glow', 'glow-faded'].map((name) => `var(--spotlight-${name})`) as [string, string, string, string];
const spotlightShadow = (glow: string, glowColor: string) => `0 0 0 9999px ${spotlightDim}, 0 0 0 3px ${spotlightRing}, 0 0 0 ${glow} ${glowColor}`;
const pulse = keyframes`
  0%, 100% { box-shadow: ${spotlightShadow('8px', spotlightGlow)}; }
  50% { box-shadow: ${spotlightShadow('14px', spotlightGlowFaded)}; }
`;

const entrance: Record<WalkthroughAnimation, ReturnType<typeof keyframes>> = { fade: fadeIn, slide: slideIn, zoom: zoomIn, pulse: zoomIn };

/** Catches clicks on the page while the tour runs; the spotlight draws the dimming. */
export const Blocker = styled.div<{ $dim: boolean }>`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  background: ${({ $dim, theme }) => ($dim ? theme.colors.overlay : 'transparent')};
  animation: ${fadeIn} 150ms ease;
`;

export const Spotlight = styled.div<{ $pulse: boolean }>`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  border-radius: ${({ theme }) => theme.radii.xl};
  pointer-events: none;
  box-shadow: ${spotlightShadow('8px', spotlightGlow)};
  transition: top 250ms ease, left 250ms ease, width 250ms ease, height 250ms ease;
  ${({ $pulse }) => $pulse && css`animation: ${pulse} 1.6s ease-in-out infinite;`}
`;

export const Card = styled(UiCard).attrs({ $padding: 'md' as const, $shadow: 'lg' as const })`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.dialog + 1};
  &:focus { outline: none; }
`;

/** Re-mounted per step so the step's entrance animation plays each time. */
export const CardContent = styled(Stack).attrs({ $gap: 3 })<{ $animation: WalkthroughAnimation }>`
  animation: ${({ $animation }) => entrance[$animation]} 220ms ease;
`;

export const CardHead = styled(Stack).attrs({ $row: true, $align: 'center' as const, $justify: 'between' as const, $gap: 2 })``;

export const CardTitle = styled(Text).attrs(withTag('h2', { $size: 'lg' as const, $weight: 'semibold' as const, $tone: 'text' as const }))``;

export const CardText = styled(MutedText)`
  line-height: 1.6;
`;

export const CloseButton = styled(UiCloseButton)`
  margin: ${space(-1, -1, 0, 0)};
`;

export const CardFooter = styled(Stack).attrs({ $row: true, $align: 'center' as const, $gap: 2 })`
  margin-top: ${space(4)};
`;

export const Dots = styled(Stack).attrs({ $row: true, $gap: 1 })`
  margin-right: auto;
`;

export const StepDot = styled.span<{ $active: boolean; $done: boolean }>`
  width: ${({ $active }) => ($active ? space(4.5) : space(2))};
  height: ${space(2)};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme, $active, $done }) => ($active ? theme.colors.primary : $done ? theme.colors.primaryBorder : theme.colors.border)};
  transition: width 200ms ease, background 200ms ease;
`;
