import { FILE_DELETE_JOB } from '../classes/materials.js';
import { SESSION_REMINDER_JOB, sendSessionReminder } from '../classes/reminders.js';
import type { AppContext } from '../context.js';
import { createMailer } from '../mail/mailer.js';
import {
  digestProducer,
  NOTIFICATION_DIGEST_JOB,
  NOTIFICATION_MAIL_JOB,
  notificationMailSweep,
  sendDigest,
  sendNotificationMail,
} from '../notifications/mail.js';

/** Every kind of background job and who does it, and what enqueues jobs of its own accord. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.handle(SESSION_REMINDER_JOB, sendSessionReminder(ctx));
  // Queued by the database when a row naming a stored file is deleted (migration 0017).
  ctx.jobs.handle(FILE_DELETE_JOB, async (job: { payload: { key: string } }) => ctx.files.delete(job.payload.key));

  const mailer = createMailer(ctx.config, ctx.logger);
  ctx.jobs.produce('notification-mail-sweep', notificationMailSweep(ctx));
  ctx.jobs.produce('notification-digest', digestProducer(ctx));
  ctx.jobs.handle(NOTIFICATION_MAIL_JOB, sendNotificationMail(ctx, mailer));
  ctx.jobs.handle(NOTIFICATION_DIGEST_JOB, sendDigest(ctx, mailer));
}
