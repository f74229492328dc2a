import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { signInRoutes } from './auth/routes.js';
import type { AppContext } from './context.js';
import { apiDocsRoutes } from './http/apiDocs.js';
import { authenticate } from './http/auth.js';
import { compressJson, sendKeptJson } from './http/compression.js';
import { csrfProtection } from './http/csrf.js';
import { errorHandler, notFoundHandler } from './http/errors.js';
import { healthHandler, livenessHandler } from './http/health.js';
import { createRateLimiters, type StoreFactory } from './http/rateLimit.js';
import { REQUEST_ID_HEADER, requestId } from './http/requestId.js';
import { requestLog } from './http/requestLog.js';
import { jsonBody } from './http/validate.js';
import { webAppRoutes } from './http/webApp.js';
import { apiRoutes } from './routes.js';

export interface AppOptions {
  rateLimitStore?: StoreFactory;
}

/** Builds the whole HTTP app from a context: no listening and no globals, so tests use it directly. */
export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', ctx.config.trustProxy);

  // First: everything after it, its log lines and its error answers, knows the request's id.
  app.use(requestId());
  app.use(requestLog(ctx.logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Profile pictures are any http(s) URL a user gives (the contract allows both).
          'img-src': ["'self'", 'data:', 'https:', 'http:'],
          'connect-src': ["'self'"],
        },
      },
    }),
  );

  const api = express.Router();
  api.use(
    cors({
      origin: (origin, callback) => callback(null, origin === undefined || ctx.config.corsOrigins.includes(origin)),
      credentials: true,
      exposedHeaders: ['X-Next-Cursor', 'Retry-After', REQUEST_ID_HEADER],
    }),
  );
  api.use(compressJson());
  api.use(sendKeptJson());
  api.use(cookieParser());
  const limits = createRateLimiters(ctx.config, options.rateLimitStore);
  // Signing in needs no session: those calls check their Origin on their own routes, whatever the
  // cookie, and are answered here.
  api.use(signInRoutes(ctx, limits));
  // Before the body is read: a forged request is refused whatever it carries.
  api.use(csrfProtection(ctx.config));
  api.use(jsonBody());
  api.get('/health', healthHandler(ctx));
  api.get('/health/live', livenessHandler);
  api.use(apiDocsRoutes());
  api.use(authenticate(ctx));
  api.use(apiRoutes(ctx, limits));
  api.use(notFoundHandler);
  api.use(errorHandler(ctx.logger));

  app.use('/api', api);
  app.use(webAppRoutes(ctx.config.webDistDir));
  app.use(errorHandler(ctx.logger));
  return app;
}
