import { createGlobalStyle } from 'styled-components';
import { space, visuallyHidden } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html {
    -webkit-text-size-adjust: 100%;
    /* Native controls, scrollbars and form autofill follow the theme's mode. */
    color-scheme: ${({ theme }) => theme.mode};
    --spotlight-dim: ${({ theme }) => theme.colors.spotlightDim};
    --spotlight-ring: ${({ theme }) => theme.colors.spotlightRing};
    --spotlight-glow: ${({ theme }) => theme.colors.spotlightGlow};
    --spotlight-glow-faded: ${({ theme }) => theme.colors.spotlightGlowFaded};
  }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }
  h1, h2, h3, h4, p { margin: 0; }
  a { color: ${({ theme }) => theme.colors.primary}; text-decoration: none; }
  a:hover { text-decoration: underline; }
  button, input, select, textarea { font: inherit; color: inherit; }
  img { max-width: 100%; display: block; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }

  /* Device preference (spec: page class mobile-, tablet- or desktop-optimized). Touch devices get
     larger hit targets and no accidental zoom on inputs. */
  body.mobile-optimized, body.tablet-optimized {
    button, a, [role='tab'] { touch-action: manipulation; }
    input, select, textarea { font-size: 16px; }
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }

  /* Walkthrough targets scroll into view clear of the sticky top bar (and the bottom tab bar). */
  [data-walkthrough] { scroll-margin: calc(${({ theme }) => theme.layout.topBarHeight} + ${space(6)}) 0 ${space(4)}; }
  body.mobile-optimized [data-walkthrough], body.tablet-optimized [data-walkthrough] {
    scroll-margin-bottom: calc(${({ theme }) => theme.layout.bottomNavHeight} + ${space(6)});
  }

  .visually-hidden { ${visuallyHidden} }
`;
