import { loginRequestSchema, MESSAGES, registerRequestSchema, updateProfileRequestSchema } from '@mentora/contract';
import { Router } from 'express';
import type { AppContext } from '../context.js';
import { actor, clearTokenCookie, setTokenCookie } from '../http/auth.js';
import type { RateLimiters } from '../http/rateLimit.js';
import { parseInput } from '../http/validate.js';
import { presentUser } from '../users/presenter.js';
import * as auth from './service.js';

export function authRoutes(ctx: AppContext, limits: RateLimiters): Router {
  const router = Router();

  router.post('/register', limits.registerPerIp, async (req, res) => {
    const input = parseInput(registerRequestSchema, req.body);
    const result = await auth.register(ctx, input, req.get('user-agent'));
    setTokenCookie(req, res, result.token);
    res.status(201).json(result);
  });

  router.post('/login', limits.loginPerIp, limits.loginPerAccount, async (req, res) => {
    const input = parseInput(loginRequestSchema, req.body);
    const result = await auth.login(ctx, input, req.get('user-agent'));
    setTokenCookie(req, res, result.token);
    res.json(result);
  });

  router.post('/logout', async (req, res) => {
    actor(req);
    if (req.auth) await auth.logout(ctx, req.auth.sessionId);
    clearTokenCookie(req, res);
    res.json({ message: MESSAGES.server.loggedOut });
  });

  router.get('/profile', (req, res) => {
    res.json(presentUser(actor(req)));
  });

  router.put('/profile', async (req, res) => {
    const user = actor(req);
    const input = parseInput(updateProfileRequestSchema, req.body);
    res.json(await auth.updateProfile(ctx, user, input));
  });

  return router;
}
