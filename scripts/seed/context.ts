/** What seed modules share: the gateway's address, a JSON client, and the logins to print. */
export interface SeedContext {
  baseUrl: string;
  /** Calls the API; throws with "status: body" like the web client (spec section 8). */
  api<T = unknown>(method: string, path: string, options?: { token?: string; body?: unknown; form?: FormData }): Promise<T>;
  /** Tokens of demo users by e-mail, filled by the auth seed. */
  tokens: Map<string, string>;
  logins: Array<{ label: string; email?: string; password: string }>;
}

export function createSeedContext(baseUrl: string): SeedContext {
  return {
    baseUrl,
    tokens: new Map(),
    logins: [],
    async api(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let body: RequestInit['body'];
      if (options.form) body = options.form;
      else if (options.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      // A 503 is "try again in a moment" (a service restoring bans and sign-outs into a fresh Redis
      // just after start answers it until done): retried for up to 30 s, as a person would.
      let response = await fetch(`${baseUrl}${path}`, { method, headers, body });
      for (let attempt = 0; response.status === 503 && attempt < 30; attempt++) {
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        response = await fetch(`${baseUrl}${path}`, { method, headers, body });
      }
      const text = await response.text();
      if (!response.ok) throw new Error(`${response.status}: ${text || response.statusText}`);
      return (text ? JSON.parse(text) : undefined) as never;
    },
  };
}
