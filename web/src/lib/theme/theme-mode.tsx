import { THEME_PREFERENCES, type ThemePreference } from '@quad/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../../app/global-style';
import { type ThemeMode, themeFor } from '../../app/theme';
import { useSession } from '../auth/use-session';
import { readStoredThemePreference, storeThemePreference } from '../storage';
import { useGetSettingsQuery, useUpdateSettingsMutation } from './settings-api';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether the device asks for dark colours, following changes (false where matchMedia is missing). */
function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(DARK_QUERY);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches,
  );
}

interface ThemeModeValue {
  /** What the student chose: follow the device, or always light or dark. */
  preference: ThemePreference;
  /** What the screen is drawn with now. */
  mode: ThemeMode;
  /** Applies a choice at once; for a signed-in student it is also kept on their account. */
  setPreference(preference: ThemePreference): Promise<void>;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/**
 * Draws the app with the light or dark theme. The choice is the signed-in account's (GET
 * /api/settings) once known, and until then (or signed out) the one this browser last saw, so a
 * returning student's first paint is already in their colours; 'system' follows the device.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const settings = useGetSettingsQuery(undefined, { skip: !isAuthenticated });
  const [updateSettings] = useUpdateSettingsMutation();
  const [local, setLocal] = useState<ThemePreference>(readStoredThemePreference);
  const systemDark = useSystemPrefersDark();

  const accountPreference = isAuthenticated ? settings.data?.theme : undefined;
  const preference = accountPreference ?? local;
  const mode: ThemeMode = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

  // This browser remembers the account's choice for its next first paint (before sign-in is known).
  useEffect(() => {
    if (accountPreference) storeThemePreference(accountPreference);
  }, [accountPreference]);

  // The mode on <html> too: outside styled-components (the index.html shell, tests, e2e) can see it.
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  const setPreference = useCallback(
    async (next: ThemePreference) => {
      if (!THEME_PREFERENCES.includes(next)) return;
      storeThemePreference(next);
      setLocal(next);
      if (isAuthenticated) await updateSettings({ theme: next }).unwrap();
    },
    [isAuthenticated, updateSettings],
  );

  const value = useMemo(() => ({ preference, mode, setPreference }), [preference, mode, setPreference]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={themeFor(mode)}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

/** The colour scheme chosen and shown, and how to change it (the Appearance card in settings). */
export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode used outside ThemeModeProvider');
  return value;
}
