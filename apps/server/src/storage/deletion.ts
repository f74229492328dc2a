import type { AppContext } from '../context.js';

/**
 * The job that deletes a stored file: a database trigger queues it when a row naming a file is deleted
 * (migration 0017), so the file goes only once the row's deletion has committed.
 */
export const FILE_DELETE_JOB = 'file-delete';

export const deleteStoredFile =
  (ctx: Pick<AppContext, 'files'>) =>
  async (job: { payload: { key: string } }): Promise<void> =>
    ctx.files.delete(job.payload.key);
