import { readFileSync } from 'node:fs';
import { MAILBOX_VARIABLE } from './env';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail the e2e server has written to its log so far (it runs without SMTP_URL). */
export function sentMail(): SentMail[] {
  const file = process.env[MAILBOX_VARIABLE];
  if (!file) throw new Error(`${MAILBOX_VARIABLE} is not set: the global setup starts the server and sets it`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SentMail);
}

export function mailTo(email: string): SentMail[] {
  return sentMail().filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
}

/**
 * The path (with its token) of the newest reset link mailed to `email`. The server answers
 * POST /auth/forgot-password before it writes the mail, so this waits for it.
 */
export async function resetLinkFor(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = mailTo(email);
    const link = mails.at(-1)?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    if (link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset link was mailed to ${email} within ${timeoutMs / 1000} s`);
}
