/** Light or dark: which palette a screen is drawn with (the student's choice, or the device's). */
export type ThemeMode = 'light' | 'dark';

/** The light palette. Text colours meet WCAG AA (4.5:1) on the surfaces they are used on. */
const lightColors = {
  primary: '#2563EB',
  primaryHover: '#1D4ED8',
  primaryActive: '#1E40AF',
  primarySoft: '#EFF6FF',
  primaryBorder: '#BFDBFE',
  text: '#0F172A',
  textSecondary: '#334155',
  muted: '#556377',
  subtle: '#64748B',
  border: '#E2E8F0',
  borderStrong: '#CBD5E1',
  background: '#F8FAFC',
  surface: '#FFFFFF',
  surfaceHover: '#F1F5F9',
  danger: '#DC2626',
  dangerHover: '#B91C1C',
  dangerSoft: '#FEF2F2',
  dangerBorder: '#FECACA',
  success: '#10B981',
  successSoft: '#ECFDF5',
  successBorder: '#A7F3D0',
  warning: '#F59E0B',
  warningSoft: '#FFFBEB',
  online: '#22C55E',
  overlay: 'rgba(15, 23, 42, 0.5)',
  focusRing: 'rgba(59, 130, 246, 0.45)',
  /** Text and icons on a primary, danger or gradient background. */
  onPrimary: '#FFFFFF',
  /** Soft white layers and text on a coloured background (hero, banner, destructive toast). */
  onPrimarySoft: 'rgba(255, 255, 255, 0.16)',
  onPrimaryMuted: 'rgba(255, 255, 255, 0.88)',
  primarySoftHover: '#DBEAFE',
  accent: '#4F46E5',
  accentSoft: '#6366F1',
  successText: '#047857',
  warningText: '#B45309',
  /** The comment thread's background, a shade off white. */
  surfaceSunken: '#FBFCFE',
  skeletonShine: '#E9EEF5',
  translucentSurface: 'rgba(255, 255, 255, 0.92)',
  spotlightDim: 'rgba(15, 23, 42, 0.55)',
  spotlightRing: 'rgba(59, 130, 246, 0.95)',
  spotlightGlow: 'rgba(59, 130, 246, 0.25)',
  spotlightGlowFaded: 'rgba(59, 130, 246, 0)',
  /** Anonymous authors' '?' avatar. */
  anonymous: '#64748B',
  /** Initials on an avatar's colour (which avatar.tsx deepens until they read at 4.5:1). */
  onAvatar: '#FFFFFF',
  codeBackground: '#0F172A',
  codeText: '#E2E8F0',
};

/** Every colour role; the light and dark palettes each give all of them. */
export type Palette = Record<keyof typeof lightColors, string>;

/**
 * The dark palette: the same roles on slate surfaces. Primary and danger are light tints, so the
 * text on them (onPrimary) is dark; every text colour meets AA on surface and background.
 */
const darkColors: Palette = {
  primary: '#60A5FA',
  primaryHover: '#93C5FD',
  primaryActive: '#BFDBFE',
  primarySoft: '#172554',
  primaryBorder: '#1E40AF',
  text: '#F1F5F9',
  textSecondary: '#CBD5E1',
  muted: '#94A3B8',
  subtle: '#8494AA',
  border: '#334155',
  borderStrong: '#475569',
  background: '#0B1120',
  surface: '#162032',
  surfaceHover: '#1E293B',
  danger: '#F87171',
  dangerHover: '#FCA5A5',
  dangerSoft: '#3A1519',
  dangerBorder: '#7F1D1D',
  success: '#34D399',
  successSoft: '#062E24',
  successBorder: '#065F46',
  warning: '#FBBF24',
  warningSoft: '#33260A',
  online: '#22C55E',
  overlay: 'rgba(2, 6, 23, 0.72)',
  focusRing: 'rgba(96, 165, 250, 0.55)',
  onPrimary: '#0B1120',
  onPrimarySoft: 'rgba(11, 17, 32, 0.14)',
  onPrimaryMuted: 'rgba(11, 17, 32, 0.86)',
  primarySoftHover: '#1E3A8A',
  accent: '#A5B4FC',
  accentSoft: '#818CF8',
  successText: '#6EE7B7',
  warningText: '#FCD34D',
  surfaceSunken: '#111A2B',
  skeletonShine: '#243045',
  translucentSurface: 'rgba(22, 32, 50, 0.92)',
  spotlightDim: 'rgba(2, 6, 23, 0.7)',
  spotlightRing: 'rgba(96, 165, 250, 0.95)',
  spotlightGlow: 'rgba(96, 165, 250, 0.25)',
  spotlightGlowFaded: 'rgba(96, 165, 250, 0)',
  anonymous: '#64748B',
  onAvatar: '#FFFFFF',
  codeBackground: '#020617',
  codeText: '#E2E8F0',
};

const lightGradients = {
  /** Hero, banner and illustration backgrounds: primary into indigo. */
  brand: 'linear-gradient(150deg, #2563EB 0%, #1D4ED8 55%, #4F46E5 100%)',
  brandWide: 'linear-gradient(120deg, #2563EB 0%, #1D4ED8 55%, #4F46E5 100%)',
  brandDiagonal: 'linear-gradient(135deg, #2563EB 0%, #4F46E5 100%)',
  progress: 'linear-gradient(90deg, #3B82F6, #6366F1)',
  /** Soft glows behind the sign-in and device screens. */
  authBackdrop: 'radial-gradient(1200px 600px at 0% 0%, rgba(59, 130, 246, 0.12), transparent 60%), radial-gradient(900px 500px at 100% 100%, rgba(99, 102, 241, 0.1), transparent 60%)',
  deviceBackdrop: 'radial-gradient(1000px 500px at 50% -10%, rgba(59, 130, 246, 0.14), transparent 70%)',
};

/** Light tints in dark mode, under dark text (onPrimary). */
const darkGradients: Record<keyof typeof lightGradients, string> = {
  brand: 'linear-gradient(150deg, #60A5FA 0%, #7DA8F8 55%, #A5B4FC 100%)',
  brandWide: 'linear-gradient(120deg, #60A5FA 0%, #7DA8F8 55%, #A5B4FC 100%)',
  brandDiagonal: 'linear-gradient(135deg, #60A5FA 0%, #A5B4FC 100%)',
  progress: 'linear-gradient(90deg, #60A5FA, #A5B4FC)',
  authBackdrop: 'radial-gradient(1200px 600px at 0% 0%, rgba(59, 130, 246, 0.16), transparent 60%), radial-gradient(900px 500px at 100% 100%, rgba(99, 102, 241, 0.14), transparent 60%)',
  deviceBackdrop: 'radial-gradient(1000px 500px at 50% -10%, rgba(59, 130, 246, 0.2), transparent 70%)',
};

const lightShadows = {
  sm: '0 1px 2px rgba(15, 23, 42, 0.06)',
  md: '0 4px 12px rgba(15, 23, 42, 0.08)',
  lg: '0 12px 32px rgba(15, 23, 42, 0.12)',
  focus: '0 0 0 3px rgba(59, 130, 246, 0.45)',
  /** Focus ring on a coloured background. */
  focusOnPrimary: '0 0 0 3px rgba(255, 255, 255, 0.6)',
  brand: '0 12px 24px rgba(59, 130, 246, 0.3)',
};

const darkShadows: Record<keyof typeof lightShadows, string> = {
  sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
  md: '0 4px 12px rgba(0, 0, 0, 0.45)',
  lg: '0 12px 32px rgba(0, 0, 0, 0.55)',
  focus: '0 0 0 3px rgba(96, 165, 250, 0.55)',
  focusOnPrimary: '0 0 0 3px rgba(11, 17, 32, 0.6)',
  brand: '0 12px 24px rgba(0, 0, 0, 0.4)',
};

/**
 * Quad's design tokens: the one place colours, spacing, radii, shadows and breakpoints live. This
 * is the light theme; `darkTheme` differs only in colours, gradients and shadows, and screens take
 * them from the ThemeProvider (`({ theme }) => theme.colors.…`, or useTheme()), never from here.
 */
export const theme = {
  mode: 'light' as ThemeMode,
  colors: lightColors as Palette,
  gradients: lightGradients as Record<keyof typeof lightGradients, string>,
  shadows: lightShadows as Record<keyof typeof lightShadows, string>,
  fonts: {
    body: "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: { '2xs': '0.6875rem', xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem', '2xl': '1.5rem', '3xl': '1.875rem', '4xl': '2.25rem', display: '4.5rem' },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  /**
   * The spacing scale: spacing(n) = n × 4 px, as rem (half steps for 2 px); several steps make a
   * shorthand, spacing(2, 3) = '0.5rem 0.75rem'. Gaps, paddings, margins and control sizes come
   * from it; `space` below is the same function for use outside a theme callback.
   */
  spacing: (...steps: number[]) => steps.map((step) => (step === 0 ? '0' : `${step * 0.25}rem`)).join(' '),
  /** Icon (svg) sizes inside buttons, links and badges. */
  iconSizes: { xs: '0.875rem', sm: '1rem', md: '1.125rem', lg: '1.25rem', xl: '1.375rem', '2xl': '1.5rem', '3xl': '2.25rem' },
  /** Widths of dialogs, cards and text measures. */
  sizes: { xs: '24rem', sm: '28rem', md: '32rem', lg: '36rem', xl: '48rem', '2xl': '56rem' },
  radii: { xs: '4px', sm: '6px', md: '8px', lg: '12px', xl: '16px', '2xl': '24px', full: '9999px' },
  breakpoints: { sm: 640, md: 768, lg: 1024, xl: 1280 },
  zIndex: { nav: 30, bottomNav: 35, sideMenu: 40, dialog: 50, toast: 60 },
  layout: {
    topBarHeight: '64px',
    bottomNavHeight: '64px',
    contentMaxWidth: '1120px',
    /** Home's side columns and the profile's aside. */
    sidebarWidth: '17.5rem',
    messagesWidth: '20rem',
    asideWidth: '16rem',
  },
} as const;

export type AppTheme = typeof theme;

/** The same tokens with the dark palette. */
export const darkTheme: AppTheme = { ...theme, mode: 'dark', colors: darkColors, gradients: darkGradients, shadows: darkShadows };

/** The theme a screen is drawn with in `mode`. */
export const themeFor = (mode: ThemeMode): AppTheme => (mode === 'dark' ? darkTheme : theme);

/** The spacing scale outside a theme callback: `gap: ${space(3)};` (see theme.spacing). */
export const space = theme.spacing;

/** The media queries themselves, for `useMediaQuery(mediaQuery.up('lg'))`. */
export const mediaQuery = {
  up: (bp: keyof AppTheme['breakpoints']) => `(min-width: ${theme.breakpoints[bp]}px)`,
  down: (bp: keyof AppTheme['breakpoints']) => `(max-width: ${theme.breakpoints[bp] - 0.02}px)`,
};

/** Media query helpers for styles: `${media.up('md')} { … }`. */
export const media = {
  up: (bp: keyof AppTheme['breakpoints']) => `@media ${mediaQuery.up(bp)}`,
  down: (bp: keyof AppTheme['breakpoints']) => `@media ${mediaQuery.down(bp)}`,
};

/** An svg's width and height from theme.iconSizes: `svg { ${icon('sm')} }`. */
export const icon = (size: keyof AppTheme['iconSizes']) => `width: ${theme.iconSizes[size]}; height: ${theme.iconSizes[size]};`;

/**
 * Hidden from sight, still read by screen readers (and the element's accessible name): the global
 * `.visually-hidden` class, and the top bar's link words below xl (app-layout.styles.ts).
 */
export const visuallyHidden = `
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
`;
