import type { AppContext } from '../context.js';
import type { Mailer } from '../mail/mailer.js';

/**
 * Enough of an address for its owner to recognise it, not enough to hand it to whoever reads the old
 * inbox: the first character of the local part and the whole domain ("n***@example.com").
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export function emailChangedMail(name: string, newEmail: string, when: Date): { subject: string; text: string } {
  return {
    subject: 'Your Mentora email was changed',
    text: [
      `Hello ${name},`,
      '',
      `The email address of your Mentora account was changed to ${maskEmail(newEmail)} on ${when.toUTCString()}.`,
      'Mentora will write to that address from now on, and this one can no longer be used to sign in.',
      '',
      'If you made this change, there is nothing to do.',
      'If you did not, someone else has your password: contact a Mentora administrator at once so they can',
      'stop that person and give the account back to you, and change that password wherever else you use it.',
    ].join('\n'),
  };
}

/**
 * Tells the old address that the email changed, after the change is committed. Runs without holding
 * the request (a slow mail server must not delay it); a mail that cannot be sent is logged.
 */
export function mailOldAddress(
  ctx: AppContext,
  mailer: Mailer,
  user: { id: string; name: string; oldEmail: string; newEmail: string },
): void {
  const mail = emailChangedMail(user.name, user.newEmail, new Date());
  mailer.send({ to: user.oldEmail, subject: mail.subject, text: mail.text }).catch((error: unknown) => {
    ctx.logger.error({ err: error, userId: user.id }, 'the "your email was changed" mail could not be sent');
  });
}
