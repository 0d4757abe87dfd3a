/** Quad's design tokens: the one place colours, spacing, radii, shadows and breakpoints live. */
export const theme = {
  colors: {
    primary: '#3B82F6',
    primaryHover: '#2563EB',
    primaryActive: '#1D4ED8',
    primarySoft: '#EFF6FF',
    primaryBorder: '#BFDBFE',
    text: '#0F172A',
    textSecondary: '#334155',
    muted: '#64748B',
    subtle: '#94A3B8',
    border: '#E2E8F0',
    borderStrong: '#CBD5E1',
    background: '#F8FAFC',
    surface: '#FFFFFF',
    surfaceHover: '#F1F5F9',
    danger: '#DC2626',
    dangerHover: '#B91C1C',
    dangerSoft: '#FEF2F2',
    success: '#10B981',
    successSoft: '#ECFDF5',
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
    anonymous: '#94A3B8',
    codeBackground: '#0F172A',
    codeText: '#E2E8F0',
  },
  gradients: {
    /** Hero, banner and illustration backgrounds: primary into indigo. */
    brand: 'linear-gradient(150deg, #3B82F6 0%, #2563EB 55%, #4F46E5 100%)',
    brandWide: 'linear-gradient(120deg, #3B82F6 0%, #2563EB 55%, #4F46E5 100%)',
    brandDiagonal: 'linear-gradient(135deg, #3B82F6 0%, #4F46E5 100%)',
    progress: 'linear-gradient(90deg, #3B82F6, #6366F1)',
    /** Soft glows behind the sign-in and device screens. */
    authBackdrop: 'radial-gradient(1200px 600px at 0% 0%, rgba(59, 130, 246, 0.12), transparent 60%), radial-gradient(900px 500px at 100% 100%, rgba(99, 102, 241, 0.1), transparent 60%)',
    deviceBackdrop: 'radial-gradient(1000px 500px at 50% -10%, rgba(59, 130, 246, 0.14), transparent 70%)',
  },
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
  shadows: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.06)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.12)',
    focus: '0 0 0 3px rgba(59, 130, 246, 0.45)',
    /** Focus ring on a coloured background. */
    focusOnPrimary: '0 0 0 3px rgba(255, 255, 255, 0.6)',
    brand: '0 12px 24px rgba(59, 130, 246, 0.3)',
  },
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
