import type { IncomingMessage } from 'node:http';
import {
  type ClassMaterial,
  type ClassMaterialsResponse,
  MATERIAL_EXTENSIONS,
  MESSAGES,
  type renameMaterialRequestSchema,
} from '@mentora/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { type ClassMaterialRow, classes, classMaterials, type UserRow } from '../db/schema.js';
import { forbidden, HttpError, notFound } from '../http/errors.js';
import { recordAutoFlag } from '../moderation/autoFlags.js';
import { publishQueueChanged } from '../moderation/queue.js';
import { HIDDEN_NOTICE, maskedMaterial, mayOpen } from '../moderation/visibility.js';
import { notifyMaterialAdded, withdrawNoticesOf } from '../notifications/raise.js';
import { publishNotifications, publishUnreadCounts } from '../notifications/service.js';
import { receiveUpload, type UploadRules } from '../storage/upload.js';
import { analyseText, type TextAnalysis } from '../text/index.js';
import { membershipOf } from './membership.js';
import { canDeleteMaterial, canManageMaterials, canSeeMaterials, deletesMaterialAsModerator } from './policy.js';
import { presentClassMaterial } from './presenter.js';

// A class's materials (issue #26): files its mentor uploads, renames and deletes; its members list and
// download them. The bytes are in the file store (ctx.files), the rest in class_materials. A class's
// files together stay within CLASS_STORAGE_MAX_MB, checked under a lock on the class so that uploads
// racing each other cannot pass it together. A material's file is deleted by a job its row's deletion
// queues (migration 0017), however the row goes. A file's name is user text: checked like any (a
// threatening one is stored hidden), and a file can be reported (moderation/targets.ts, its author
// being the class's mentor); a hidden one follows moderation/visibility.ts.

/**
 * What a class material may be, as file-type names the formats (and text/plain for text): the types the
 * contract gives extensions for. Markdown is not read from the bytes (it is text named .md: typeFor).
 */
export const MATERIAL_TYPES: ReadonlySet<string> = new Set(
  Object.keys(MATERIAL_EXTENSIONS).filter((type) => type !== 'text/markdown'),
);

const MB = 1024 * 1024;
const classNotFound = () => notFound(MESSAGES.classDetail.notFound);
const materialNotFound = () => notFound(MESSAGES.materials.notFound);

type RenameInput = z.output<typeof renameMaterialRequestSchema>;

/** Markdown has no magic number: text named .md is kept as Markdown (for its icon); it is served as text either way. */
function typeFor(sniffed: string, name: string): string {
  return sniffed === 'text/plain' && /\.(md|markdown)$/i.test(name) ? 'text/markdown' : sniffed;
}

async function usedBytes(db: Queryable, classId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${classMaterials.size}), 0)`.mapWith(Number) })
    .from(classMaterials)
    .where(eq(classMaterials.classId, classId));
  return row?.used ?? 0;
}

/**
 * The class, if the caller is its mentor (404 when it does not exist, 403 otherwise). `lock` holds its
 * row until the transaction ends: uploads to one class then wait in line for the quota check.
 */
async function managedClass(db: Queryable, user: UserRow, classId: string, { lock = false } = {}) {
  const query = db
    .select({ id: classes.id, mentorId: classes.mentorId, title: classes.title })
    .from(classes)
    .where(eq(classes.id, classId))
    .limit(1);
  const [cls] = await (lock ? query.for('update') : query);
  if (!cls) throw classNotFound();
  if (!canManageMaterials(user, cls)) throw forbidden(MESSAGES.materials.mentorOnly);
  return cls;
}

async function materialById(db: Queryable, materialId: string): Promise<ClassMaterialRow> {
  const [row] = await db.select().from(classMaterials).where(eq(classMaterials.id, materialId)).limit(1);
  if (!row) throw materialNotFound();
  return row;
}

/** The material, if the caller is its class's mentor. */
async function managedMaterial(ctx: AppContext, user: UserRow, materialId: string): Promise<ClassMaterialRow> {
  const row = await materialById(ctx.db, materialId);
  await managedClass(ctx.db, user, row.classId);
  return row;
}

/** Puts a flagged name in the review queue, in the transaction that writes it (a severe one was stored hidden with it). */
function flagName(tx: Queryable, row: ClassMaterialRow, authorId: string, analysis: TextAnalysis) {
  return recordAutoFlag(tx, {
    type: 'material',
    id: row.id,
    authorId,
    flagged: analysis.moderation.flagged,
    reason: analysis.moderation.reason,
    severe: analysis.severe,
  });
}

export async function listMaterials(ctx: AppContext, user: UserRow, classId: string): Promise<ClassMaterialsResponse> {
  const membership = await membershipOf(ctx.db, classId, user);
  if (!membership) throw classNotFound();
  if (!canSeeMaterials(membership)) throw forbidden(MESSAGES.materials.membersOnly);
  const rows = await ctx.db
    .select()
    .from(classMaterials)
    .where(eq(classMaterials.classId, classId))
    .orderBy(desc(classMaterials.createdAt), desc(classMaterials.id));
  return {
    materials: rows.map((row) => maskedMaterial(user, presentClassMaterial(row), membership.cls.mentorId)),
    usedBytes: rows.reduce((sum, row) => sum + row.size, 0),
    quotaBytes: ctx.config.uploads.classStorageMaxBytes,
  };
}

/**
 * Streams the request's file into the store and records it. The permission and a full quota are
 * checked before a byte is read; the quota again, exactly, once the size is known.
 */
export async function uploadMaterial(
  ctx: AppContext,
  user: UserRow,
  classId: string,
  req: IncomingMessage,
): Promise<ClassMaterial> {
  const { materialMaxBytes, classStorageMaxBytes } = ctx.config.uploads;
  const quotaFull = () => new HttpError(507, MESSAGES.materials.quotaFull(classStorageMaxBytes / MB));
  await managedClass(ctx.db, user, classId);
  if ((await usedBytes(ctx.db, classId)) >= classStorageMaxBytes) throw quotaFull();

  const rules: UploadRules = {
    maxBytes: materialMaxBytes,
    accept: MATERIAL_TYPES,
    keyPrefix: 'materials',
    messages: {
      tooLarge: MESSAGES.materials.tooLarge(materialMaxBytes / MB),
      refusedType: MESSAGES.materials.refusedType,
      missing: MESSAGES.materials.missing,
      empty: MESSAGES.materials.empty,
    },
  };
  const stored = await receiveUpload(req, ctx.files, rules);
  const analysis = analyseText(stored.name);
  try {
    const { row, raised, flagged } = await ctx.db.transaction(async (tx) => {
      // Again, under the class row's lock: it still exists, is still theirs, and has room.
      const cls = await managedClass(tx, user, classId, { lock: true });
      if ((await usedBytes(tx, classId)) + stored.size > classStorageMaxBytes) throw quotaFull();
      const [created] = await tx
        .insert(classMaterials)
        .values({
          classId,
          name: stored.name,
          type: typeFor(stored.type, stored.name),
          size: stored.size,
          sha256: stored.sha256,
          storageKey: stored.key,
          // A threat in the name never shows: hidden from the start, for a moderator to look at.
          hidden: analysis.severe,
        })
        .returning();
      if (!created) throw new Error('insert returned no row');
      // Learners are told of a hidden file by the notice, as they would see it in the list.
      const named = { id: created.id, name: created.hidden ? HIDDEN_NOTICE : created.name };
      const raised = await notifyMaterialAdded(tx, user, cls, named);
      return { row: created, raised, flagged: await flagName(tx, created, user.id, analysis) };
    });
    await publishNotifications(ctx, raised);
    if (flagged) await publishQueueChanged(ctx);
    return presentClassMaterial(row);
  } catch (error) {
    // Not recorded: its file goes too.
    await ctx.files.delete(stored.key).catch((e) => ctx.logger.warn({ err: e, key: stored.key }, 'file left behind'));
    throw error;
  }
}

export async function renameMaterial(
  ctx: AppContext,
  user: UserRow,
  materialId: string,
  input: RenameInput,
): Promise<ClassMaterial> {
  await managedMaterial(ctx, user, materialId);
  const analysis = analyseText(input.name);
  const { updated, flagged } = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(classMaterials)
      // A clean new name does not show a hidden file again: a moderator decides that.
      .set({ name: input.name, ...(analysis.severe ? { hidden: true } : {}) })
      .where(eq(classMaterials.id, materialId))
      .returning();
    if (!updated) throw materialNotFound();
    return { updated, flagged: await flagName(tx, updated, user.id, analysis) };
  });
  if (flagged) await publishQueueChanged(ctx);
  return presentClassMaterial(updated);
}

/** Its class's mentor deletes a file; so may an admin, recorded in the audit log in the same transaction. */
export async function deleteMaterial(ctx: AppContext, user: UserRow, materialId: string): Promise<void> {
  const row = await materialById(ctx.db, materialId);
  const withdrawnFrom = await ctx.db.transaction(async (tx) => {
    const [cls] = await tx
      .select({ id: classes.id, mentorId: classes.mentorId, title: classes.title })
      .from(classes)
      .where(eq(classes.id, row.classId))
      .limit(1);
    if (!cls) throw materialNotFound();
    if (!canDeleteMaterial(user, cls)) throw forbidden(MESSAGES.materials.mentorOnly);
    const withdrawnFrom = await withdrawNoticesOf(tx, 'material', materialId);
    const gone = await tx
      .delete(classMaterials)
      .where(eq(classMaterials.id, materialId))
      .returning({ id: classMaterials.id });
    // Deleted meanwhile (by its mentor, or with its class).
    if (gone.length === 0) throw materialNotFound();
    if (deletesMaterialAsModerator(user, cls)) {
      await recordAudit(tx, {
        actor: user,
        action: 'material_deleted',
        target: { type: 'material', id: materialId, name: row.name },
        detail: `from ${cls.title}`,
      });
    }
    return withdrawnFrom;
  });
  await publishUnreadCounts(ctx, withdrawnFrom);
}

/** The material, if the caller may download it (404 when it does not exist, 403 when not a member). */
export async function materialForDownload(
  ctx: AppContext,
  user: UserRow,
  materialId: string,
): Promise<ClassMaterialRow> {
  const row = await materialById(ctx.db, materialId);
  const membership = await membershipOf(ctx.db, row.classId, user);
  if (!membership) throw materialNotFound();
  if (!canSeeMaterials(membership)) throw forbidden(MESSAGES.materials.membersOnly);
  if (!mayOpen(user, { hidden: row.hidden, authorId: membership.cls.mentorId })) {
    throw forbidden(MESSAGES.materials.hidden);
  }
  return row;
}
