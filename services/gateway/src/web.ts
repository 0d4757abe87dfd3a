import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quad</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui;display:grid;place-items:center;height:100vh;margin:0;background:#f8fafc">
<main style="text-align:center"><h1 style="color:#3B82F6">Quad</h1><p>Your college community platform</p>
<p style="color:#64748b">The web app is not built yet: run <code>npm run build:web</code>.</p></main></body></html>`;

const LONG_CACHE = 'public, max-age=31536000, immutable';

/** The build's pre-compressed siblings of an asset (see web/vite.config.mts), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * A hashed asset as the build pre-compressed it, when the browser accepts that encoding and the
 * file exists; otherwise on to express.static, which sends the raw bytes.
 */
function precompressedAssets(assetsDir: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = path.join(assetsDir, path.normalize(req.path));
    if (!file.startsWith(assetsDir + path.sep)) return next();
    res.vary('Accept-Encoding');
    const accepted = req.acceptsEncodings(PRECOMPRESSED.map((p) => p.encoding));
    const variant = PRECOMPRESSED.find((p) => p.encoding === accepted);
    if (!variant || !existsSync(file + variant.suffix)) return next();
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', variant.encoding);
    res.setHeader('Cache-Control', LONG_CACHE);
    res.sendFile(file + variant.suffix, { cacheControl: false }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  };
}

/**
 * The single-page app: hashed assets cached long (pre-compressed when the build made a .br or
 * .gz), index.html never cached, and any non-API GET that accepts HTML answered with index.html
 * so client routes survive a reload.
 */
export function webApp(distDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(distDir, 'index.html');
  router.use('/assets', precompressedAssets(path.resolve(distDir, 'assets')));
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', LONG_CACHE);
        }
      },
    }),
  );
  const spa: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/media/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (existsSync(indexFile)) return res.sendFile(indexFile);
    res.type('html').send(PLACEHOLDER);
  };
  router.use(spa);
  return router;
}
