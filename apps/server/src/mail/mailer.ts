import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

/** Sends plain-text mail. Rejects when the message could not be handed over. */
export interface Mailer {
  send(to: string, subject: string, text: string): Promise<void>;
}

// An SMTP server that does not answer must not hold a request's background work for minutes
// (nodemailer waits up to 2 minutes to connect and 10 for a silent socket by default).
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** Hands mail to the SMTP server of an smtp:// or smtps:// URL (credentials, if any, in the URL). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: CONNECTION_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
      // Our messages are plain text we write ourselves: never let one pull in a file or a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    },
    { from },
  );
  return {
    async send(to, subject, text) {
      await transport.sendMail({ to, subject, text });
    },
  };
}

/**
 * Without SMTP_URL, mail is written to the server log at info level instead (DESIGN.md: a reset link
 * is sent through SMTP when configured, otherwise written to the server log). That is how the
 * operator of a small installation gets a password reset link to its user, so the text is logged
 * whole, link and all: the one deliberate exception to "no tokens in the log". Configure SMTP_URL
 * wherever the log is read by people who should not be able to reset others' passwords.
 */
export function logMailer(logger: Logger): Mailer {
  return {
    async send(to, subject, text) {
      logger.info({ mail: { to, subject, text } }, 'SMTP_URL is not set: this mail is written here instead of sent');
    },
  };
}

export function createMailer(config: Config, logger: Logger): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : logMailer(logger);
}
