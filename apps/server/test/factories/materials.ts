import { type ClassMaterial, classMaterialResponseSchema } from '@mentora/contract';
import type { ClassRow } from '../../src/db/schema.js';
import type { TestServer } from '../harness.js';
import type { TestUser } from './users.js';

/** The smallest PDF a reader opens: what a material is, unless a test says otherwise. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A 1-pixel PNG: the smallest picture there is. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A file uploaded to a class by its mentor, through the API (multipart, field `file`). */
export async function makeMaterial(
  t: TestServer,
  mentor: TestUser,
  cls: Pick<ClassRow, 'id'>,
  file: { name?: string; bytes?: Buffer } = {},
): Promise<ClassMaterial> {
  const res = await t.http
    .post(`/api/classes/${cls.id}/materials`)
    .set(mentor.auth)
    .attach('file', file.bytes ?? PDF_BYTES, file.name ?? 'handout.pdf');
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return classMaterialResponseSchema.parse(res.body).material;
}

/** Uploads a profile picture for `who` through the API; the id of its /api/avatars/{id} path. */
export async function makeAvatar(t: TestServer, who: TestUser): Promise<string> {
  const res = await t.http.put('/api/auth/profile/picture').set(who.auth).attach('file', PNG_BYTES, 'me.png');
  if (res.status !== 200) throw new Error(`picture upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return String(res.body.profilePicture).split('/').pop() as string;
}
