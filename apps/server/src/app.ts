import { LIMITS } from '@mentora/contract';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppContext } from './context.js';
import { authenticate } from './http/auth.js';
import { compressJson } from './http/compressJson.js';
import { csrfProtection } from './http/csrf.js';
import { errorHandler, notFoundHandler } from './http/errors.js';
import { healthHandler } from './http/health.js';
import { createRateLimiters, type StoreFactory } from './http/rateLimit.js';
import { requestLog } from './http/requestLog.js';
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
      exposedHeaders: ['X-Next-Cursor', 'Retry-After'],
    }),
  );
  api.use(compressJson());
  api.use(cookieParser());
  // Before the body is read: a forged request is refused whatever it carries.
  api.use(csrfProtection(ctx.config));
  api.use(express.json({ limit: LIMITS.bodyBytes }));
  api.get('/health', healthHandler(ctx));
  api.use(authenticate(ctx));
  api.use(apiRoutes(ctx, createRateLimiters(ctx.config, options.rateLimitStore)));
  api.use(notFoundHandler);
  api.use(errorHandler(ctx.logger));

  app.use('/api', api);
  app.use(webAppRoutes(ctx.config.webDistDir));
  app.use(errorHandler(ctx.logger));
  return app;
}
