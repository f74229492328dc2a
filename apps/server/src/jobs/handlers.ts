import { SESSION_REMINDER_JOB, sendSessionReminder } from '../classes/reminders.js';
import type { AppContext } from '../context.js';

/** Every kind of background job and who does it: add a kind here with its handler. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.handle(SESSION_REMINDER_JOB, sendSessionReminder(ctx));
}
