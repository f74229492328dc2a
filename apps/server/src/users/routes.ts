import { changeRoleRequestSchema, LEARNER_ROLES, MENTOR_ROLES, MESSAGES } from '@mentora/contract';
import type { Request, Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { forbidden } from '../http/errors.js';
import { parseId, parseInput } from '../http/validate.js';
import { isAdmin } from './policy.js';
import * as usersService from './service.js';

export function requireAdmin(req: Request) {
  const user = actor(req);
  if (!isAdmin(user)) throw forbidden();
  return user;
}

export function userRoutes(ctx: AppContext): Router {
  const router = apiRouter('/users');

  router.post('/request-verification', async (req, res) => {
    await usersService.requestVerification(ctx, actor(req));
    res.json({ message: MESSAGES.server.verificationRequested });
  });

  router.get('/mentors', async (req, res) => {
    requireAdmin(req);
    res.json(await usersService.listMentors(ctx));
  });

  router.get('/learners', async (req, res) => {
    requireAdmin(req);
    res.json(await usersService.listLearners(ctx));
  });

  router.get('/admins', async (req, res) => {
    requireAdmin(req);
    res.json(await usersService.listAdmins(ctx));
  });

  router.delete('/mentor/:id', async (req, res) => {
    const admin = requireAdmin(req);
    await usersService.deleteAccount(ctx, admin, parseId(req.params.id, MESSAGES.server.userNotFound), MENTOR_ROLES);
    res.json({ message: MESSAGES.admin.deleted('mentor') });
  });

  router.delete('/learner/:id', async (req, res) => {
    const admin = requireAdmin(req);
    await usersService.deleteAccount(ctx, admin, parseId(req.params.id, MESSAGES.server.userNotFound), LEARNER_ROLES);
    res.json({ message: MESSAGES.admin.deleted('learner') });
  });

  return router;
}

export function adminRoutes(ctx: AppContext): Router {
  const router = apiRouter('/admin');
  router.put('/verify-mentor/:id', async (req, res) => {
    const admin = requireAdmin(req);
    res.json(await usersService.verifyMentor(ctx, admin, parseId(req.params.id, MESSAGES.server.userNotFound)));
  });
  router.put('/users/:id/role', async (req, res) => {
    const admin = requireAdmin(req);
    const id = parseId(req.params.id, MESSAGES.server.userNotFound);
    const { role } = parseInput(changeRoleRequestSchema, req.body);
    res.json(await usersService.changeRole(ctx, admin, id, role));
  });
  return router;
}
