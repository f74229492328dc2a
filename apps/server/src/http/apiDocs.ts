import { createRequire } from 'node:module';
import path from 'node:path';
import { buildOpenApiDocument } from '@mentora/contract/openapi';
import { type RequestHandler, Router } from 'express';
import { SERVER_VERSION } from '../version.js';

// The API's own documentation: GET /api/openapi.json, built from the contract's route table and zod
// schemas, and GET /api/docs, Swagger UI reading it. Swagger UI's script and stylesheet are served
// from this origin (the swagger-ui-dist package, resolved at run time, so the built server finds it in
// its node_modules as the source does), so the page works under the app's CSP: script-src 'self'.

const ASSETS = '/docs/assets';
/** The files of swagger-ui-dist the page loads: nothing else of the package is served. */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Starts Swagger UI: a file of its own, since the CSP allows no inline script. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mentora API reference</title>
<link rel="icon" type="image/png" href="/api${ASSETS}/favicon-32x32.png">
<link rel="stylesheet" href="/api${ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api${ASSETS}/swagger-ui-bundle.js"></script>
<script src="/api${ASSETS}/init.js"></script>
</body>
</html>
`;

function swaggerUiDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/** Serves the listed files of swagger-ui-dist and the start-up script; anything else falls through (404). */
function docsAssets(): RequestHandler {
  const dir = swaggerUiDir();
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (name === 'init.js') {
      res.type('text/javascript; charset=utf-8').set('Cache-Control', 'no-cache').send(INIT_SCRIPT);
      return;
    }
    const type = Object.hasOwn(SWAGGER_FILES, name) ? SWAGGER_FILES[name] : undefined;
    if (!type) return next();
    // `root`: the package's own path has a dot directory (pnpm's node_modules/.pnpm), which send()
    // refuses in a whole path but not above its root.
    res.sendFile(name, { root: dir, headers: { 'Content-Type': type }, maxAge: '1d' }, (error) => {
      if (error) next(error);
    });
  };
}

export function apiDocsRoutes(): Router {
  const router = Router();
  // Built on the first request, then kept: the route table does not change while the process runs.
  let document: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument({ version: SERVER_VERSION }));
    res.type('application/json').set('Cache-Control', 'no-cache').send(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(PAGE);
  });
  router.use(ASSETS, docsAssets());
  return router;
}
