/**
 * A fetch stub at the global level: the app's real RTK Query + fetchBaseQuery code runs, only
 * the network is replaced. Routes are keyed "METHOD /path"; unknown routes answer 404.
 */
export type RouteHandler = (request: Request) => Response | Promise<Response>;

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string, e.g. `search=maya&limit=50`. */
  query: URLSearchParams;
  headers: Headers;
  body: string;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function textResponse(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain' } });
}

/** A response that never arrives: keeps a request pending for the whole test. */
export const never: RouteHandler = () => new Promise<Response>(() => {});

/** whatwg-fetch cannot read a FormData body as text (it throws synchronously); record a marker instead. */
async function readBody(request: Request): Promise<string> {
  try {
    return await request.clone().text();
  } catch {
    return '[FormData]';
  }
}

export function stubFetch(routes: Record<string, RouteHandler | Response>) {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const path = url.pathname;
    const body = request.method === 'GET' ? '' : await readBody(request);
    calls.push({ method: request.method, path, query: url.searchParams, headers: request.headers, body });
    const route = routes[`${request.method} ${path}`];
    if (!route) return jsonResponse(404, { message: `No stub for ${request.method} ${path}` });
    return typeof route === 'function' ? route(request) : route.clone();
  });
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, writable: true, configurable: true });
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
