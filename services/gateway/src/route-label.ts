import type { RequestHandler } from 'express';
// Not re-exported by the contracts index: the web never needs the whole API's schemas at once.
import { API_OPERATIONS } from '@quad/contracts/src/api-operations';

/**
 * Names each proxied API request by its operation's pattern (`/api/posts/:id`) for the latency
 * histogram, as the answering service names it: the gateway has no express route for it to match,
 * and the raw path would make one series per id.
 */
export function routePatternLabel(): RequestHandler {
  const byMethod = new Map<string, Array<{ matcher: RegExp; path: string }>>();
  // Fewer parameters first, so a literal path (/api/ideas/stats) wins over a pattern (/api/ideas/:id).
  const operations = [...API_OPERATIONS].sort((a, b) => a.path.split(':').length - b.path.split(':').length);
  for (const { method, path } of operations) {
    const matcher = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`);
    byMethod.set(method.toUpperCase(), [...(byMethod.get(method.toUpperCase()) ?? []), { matcher, path }]);
  }
  return (req, res, next) => {
    if (req.path.startsWith('/api/')) {
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const found = byMethod.get(method)?.find(({ matcher }) => matcher.test(req.path));
      if (found) res.locals.routePattern = found.path;
    }
    next();
  };
}
