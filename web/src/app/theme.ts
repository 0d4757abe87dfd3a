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
  },
  fonts: {
    body: "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem', '2xl': '1.5rem', '3xl': '1.875rem', '4xl': '2.25rem' },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  /** spacing(n) = n × 4 px, as rem. */
  spacing: (...steps: number[]) => steps.map((step) => `${step * 0.25}rem`).join(' '),
  radii: { sm: '6px', md: '8px', lg: '12px', xl: '16px', full: '9999px' },
  shadows: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.06)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.12)',
    focus: '0 0 0 3px rgba(59, 130, 246, 0.45)',
  },
  breakpoints: { sm: 640, md: 768, lg: 1024, xl: 1280 },
  zIndex: { nav: 30, bottomNav: 35, sideMenu: 40, dialog: 50, toast: 60 },
  layout: { topBarHeight: '64px', bottomNavHeight: '64px', contentMaxWidth: '1120px' },
} as const;

export type AppTheme = typeof theme;

/** Media query helpers: `${media.up('md')} { … }`. */
export const media = {
  up: (bp: keyof AppTheme['breakpoints']) => `@media (min-width: ${theme.breakpoints[bp]}px)`,
  down: (bp: keyof AppTheme['breakpoints']) => `@media (max-width: ${theme.breakpoints[bp] - 0.02}px)`,
};
