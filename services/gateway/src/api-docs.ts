import path from 'node:path';
import express, { type Router } from 'express';
import { type OpenApiDocument, createOpenApiDocument } from './openapi';

export const API_DOCS_PATH = '/api/docs';

/** Swagger UI's prebuilt files, from the installed package: nothing is fetched from elsewhere at run time. */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quad API</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/assets/swagger-ui.css">
<link rel="icon" type="image/png" href="${API_DOCS_PATH}/assets/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// A file of its own, not an inline script, so the site's CSP (script-src 'self') needs no exception.
// validatorUrl null: Swagger UI would otherwise send the document to an outside validator for its badge.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '${API_DOCS_PATH}/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

/**
 * The API reference: Swagger UI at /api/docs over the generated OpenAPI document at
 * /api/docs/openapi.json. Mounted before the API's rate limit and proxies: no service owns it.
 */
export function apiDocs(): Router {
  const router = express.Router();
  let document: OpenApiDocument | undefined;
  router.get(`${API_DOCS_PATH}/openapi.json`, (_req, res) => {
    document ??= createOpenApiDocument();
    res.setHeader('Cache-Control', 'no-cache');
    res.json(document);
  });
  router.get(API_DOCS_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(PAGE);
  });
  router.get(`${API_DOCS_PATH}/init.js`, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/javascript').send(INIT_SCRIPT);
  });
  for (const file of SWAGGER_UI_FILES) {
    router.get(`${API_DOCS_PATH}/assets/${file}`, (_req, res) => {
      res.sendFile(path.join(SWAGGER_UI_DIR, file), { maxAge: '1d' });
    });
  }
  return router;
}
