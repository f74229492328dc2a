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
import { deleteStoredFile, FILE_DELETE_JOB } from '../storage/deletion.js';

/** Every kind of background job and who does it, and what enqueues jobs of its own accord. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.handle(SESSION_REMINDER_JOB, sendSessionReminder(ctx));
  ctx.jobs.handle(FILE_DELETE_JOB, deleteStoredFile(ctx));

  const mailer = createMailer(ctx.config, ctx.logger);
  ctx.jobs.produce('notification-mail-sweep', notificationMailSweep(ctx));
  ctx.jobs.produce('notification-digest', digestProducer(ctx));
  ctx.jobs.handle(NOTIFICATION_MAIL_JOB, sendNotificationMail(ctx, mailer));
  ctx.jobs.handle(NOTIFICATION_DIGEST_JOB, sendDigest(ctx, mailer));
}
