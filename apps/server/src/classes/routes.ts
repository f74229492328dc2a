import {
  classSessionRequestSchema,
  createClassRequestSchema,
  listClassesQuerySchema,
  MESSAGES,
  updateClassRequestSchema,
} from '@mentora/contract';
import type { Request, Router } from 'express';
import type { AppContext } from '../context.js';
import { apiRouter } from '../http/apiRouter.js';
import { actor } from '../http/auth.js';
import { parseId, parseInput } from '../http/validate.js';
import { enrol } from './enrolmentCreator.js';
import { classInsight } from './insight.js';
import * as materials from './materials.js';
import { listRoster, removeFromRoster } from './roster.js';
import * as classesService from './service.js';
import * as sessions from './sessions.js';

const sessionId = (req: Request) => parseId(req.params.sid, MESSAGES.server.sessionNotFound);
const classId = (req: Request) => parseId(req.params.id, MESSAGES.classDetail.notFound);

export function classesRoutes(ctx: AppContext): Router {
  const router = apiRouter('/classes');

  router.get('/', async (req, res) => {
    const user = actor(req);
    const query = parseInput(listClassesQuerySchema, req.query);
    res.json(await classesService.listClasses(ctx, user, query));
  });

  router.post('/', async (req, res) => {
    const user = actor(req);
    const input = parseInput(createClassRequestSchema, req.body);
    res.status(201).json(await classesService.createClass(ctx, user, input));
  });

  // Fixed paths before /:id, which would otherwise take "enrolled" and "created" for ids.
  router.get('/enrolled', async (req, res) => {
    res.json(await classesService.enrolledClasses(ctx, actor(req)));
  });

  router.get('/created', async (req, res) => {
    res.json(await classesService.createdClasses(ctx, actor(req)));
  });

  router.get('/:id', async (req, res) => {
    actor(req);
    res.json(await classesService.getClass(ctx, classId(req)));
  });

  router.put('/:id', async (req, res) => {
    const user = actor(req);
    const id = classId(req);
    const input = parseInput(updateClassRequestSchema, req.body);
    res.json(await classesService.updateClass(ctx, user, id, input));
  });

  router.delete('/:id', async (req, res) => {
    const user = actor(req);
    await classesService.deleteClass(ctx, user, classId(req));
    res.json({ message: MESSAGES.classDetail.deleted });
  });

  router.post('/:id/enroll', async (req, res) => {
    const user = actor(req);
    await enrol(ctx, user, classId(req));
    res.json({ message: MESSAGES.classDetail.enrolled });
  });

  router.post('/:id/unenroll', async (req, res) => {
    const user = actor(req);
    await classesService.unenrol(ctx, user, classId(req));
    res.json({ message: MESSAGES.classDetail.unenrolled });
  });

  router.get('/:id/roster', async (req, res) => {
    const user = actor(req);
    res.json(await listRoster(ctx, user, classId(req)));
  });

  router.get('/:id/insight', async (req, res) => {
    const user = actor(req);
    res.json(await classInsight(ctx, user, classId(req)));
  });

  // 200 with a message, as unenrol answers; 404 when that person is not enrolled.
  router.delete('/:id/roster/:userId', async (req, res) => {
    const user = actor(req);
    const id = classId(req);
    await removeFromRoster(ctx, user, id, parseId(req.params.userId, MESSAGES.server.learnerNotEnrolled));
    res.json({ message: MESSAGES.server.learnerRemoved });
  });

  router.get('/:id/enrollment', async (req, res) => {
    const user = actor(req);
    res.json(await classesService.enrolmentStatus(ctx, user, classId(req)));
  });

  router.post('/:id/live', async (req, res) => {
    const user = actor(req);
    res.json(await classesService.startLive(ctx, user, classId(req)));
  });

  router.post('/:id/live/room', async (req, res) => {
    const user = actor(req);
    res.json(await classesService.rotateLiveRoom(ctx, user, classId(req)));
  });

  router.get('/:id/live', async (req, res) => {
    const user = actor(req);
    res.json(await classesService.joinLive(ctx, user, classId(req)));
  });

  // Scheduled sessions (classes/sessions.ts): its mentor writes, its members read.
  router.get('/:id/sessions', async (req, res) => {
    const user = actor(req);
    res.json(await sessions.listSessions(ctx, user, classId(req)));
  });

  router.post('/:id/sessions', async (req, res) => {
    const user = actor(req);
    const id = classId(req);
    const input = parseInput(classSessionRequestSchema, req.body);
    res.status(201).json(await sessions.scheduleSession(ctx, user, id, input));
  });

  router.get('/:id/materials', async (req, res) => {
    const user = actor(req);
    res.json(await materials.listMaterials(ctx, user, classId(req)));
  });

  // Multipart, read as a stream by the service (storage/upload.ts): no body parser has touched it.
  router.post('/:id/materials', async (req, res) => {
    const user = actor(req);
    const id = classId(req);
    res.status(201).json({ material: await materials.uploadMaterial(ctx, user, id, req) });
  });

  // The calendar file: "<sid>.ics", before /:sid would be asked (only PUT and DELETE take it).
  router.get('/:id/sessions/:sid.ics', async (req, res) => {
    const user = actor(req);
    const ics = await sessions.sessionCalendar(ctx, user, classId(req), sessionId(req));
    res.type('text/calendar; charset=utf-8');
    res.attachment(ics.filename);
    res.send(ics.body);
  });

  router.put('/:id/sessions/:sid', async (req, res) => {
    const user = actor(req);
    const id = classId(req);
    const sid = sessionId(req);
    const input = parseInput(classSessionRequestSchema, req.body);
    res.json(await sessions.updateSession(ctx, user, id, sid, input));
  });

  router.delete('/:id/sessions/:sid', async (req, res) => {
    const user = actor(req);
    await sessions.cancelSession(ctx, user, classId(req), sessionId(req));
    res.json({ message: MESSAGES.server.sessionCancelled });
  });

  return router;
}
