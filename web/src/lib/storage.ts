import { DEVICE_TYPES, STORAGE_KEYS, THEME_PREFERENCES, type DeviceType, type ThemePreference } from '@quad/contracts';

// localStorage can throw (private mode, disabled storage); the app then behaves as a fresh visitor.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: nothing to persist to */
  }
}

/** The admin token takes precedence over the user token (spec section 6). */
export function getBearerToken(): string | null {
  return read(STORAGE_KEYS.adminToken) ?? read(STORAGE_KEYS.userToken);
}

export const tokenStorage = {
  setUserToken: (token: string) => write(STORAGE_KEYS.userToken, token),
  setAdminToken: (token: string) => write(STORAGE_KEYS.adminToken, token),
  hasAdminToken: () => read(STORAGE_KEYS.adminToken) !== null,
  clear: () => {
    write(STORAGE_KEYS.adminToken, null);
    write(STORAGE_KEYS.userToken, null);
  },
};

export function readStoredDevice(): DeviceType | null {
  const stored = read(STORAGE_KEYS.userDevice);
  return (DEVICE_TYPES as readonly string[]).includes(stored ?? '') ? (stored as DeviceType) : null;
}

/** Saves the device preference; mobile and tablet also set deviceType, which turns on touch tweaks. */
export function storeDevice(device: DeviceType): void {
  write(STORAGE_KEYS.userDevice, device);
  write(STORAGE_KEYS.deviceType, device === 'desktop' ? null : device);
}

/** The colour scheme this browser last used ('system' when none was chosen). */
export function readStoredThemePreference(): ThemePreference {
  const stored = read(STORAGE_KEYS.themePreference);
  return (THEME_PREFERENCES as readonly string[]).includes(stored ?? '') ? (stored as ThemePreference) : 'system';
}

export function storeThemePreference(preference: ThemePreference): void {
  write(STORAGE_KEYS.themePreference, preference);
}
