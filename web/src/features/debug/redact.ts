const SECRET_KEY = /token|secret|password|jwt|authorization/i;

/** Replaces values under secret-looking keys, so the debug page can never show a credential. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, SECRET_KEY.test(key) ? '[hidden]' : redactSecrets(inner)]),
    );
  }
  return value;
}

/** Cookie names visible to scripts; httpOnly cookies (the session) are deliberately not among them. */
export function cookieNames(cookieString: string): string[] {
  return cookieString
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean);
}
