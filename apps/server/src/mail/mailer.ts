import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

/** One email: always a plain-text body, and an HTML one and extra headers where the mail has them. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Such as List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends mail. Rejects when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
      // Our messages are text and HTML we write ourselves: never let one pull in a file or a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    },
    { from },
  );
  return {
    async send({ to, subject, text, html, headers }) {
      await transport.sendMail({ to, subject, text, ...(html ? { html } : {}), ...(headers ? { headers } : {}) });
    },
  };
}

/**
 * Without SMTP_URL outside production, mail is written to the server log at info level instead
 * (DESIGN.md: a reset link is sent through SMTP when configured, otherwise written to the server log).
 * That is how a developer, or the operator of a small installation that sets MAIL_LOG_LINKS, gets a
 * password reset link to its user, so the text is logged whole, link and all: the one deliberate
 * exception to "no tokens in the log".
 */
export function logMailer(logger: Logger): Mailer {
  return {
    async send({ to, subject, text }) {
      logger.info({ mail: { to, subject, text } }, 'SMTP_URL is not set: this mail is written here instead of sent');
    },
  };
}

/**
 * Without SMTP_URL in production: each mail is dropped with one warning that says what kind it was,
 * never its text (a reset link in the log would let whoever reads it take the account) nor to whom.
 */
export function unsentMailer(logger: Logger): Mailer {
  return {
    async send({ subject }) {
      logger.warn({ unsentMail: { subject } }, 'SMTP_URL is not set: a mail was not sent');
    },
  };
}

export function createMailer(config: Config, logger: Logger): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return config.logMailText ? logMailer(logger) : unsentMailer(logger);
}
