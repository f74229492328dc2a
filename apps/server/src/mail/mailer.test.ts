import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpStub, startSmtpStub } from '../../test/smtpStub.js';
import { ConfigError, loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { logMailer, smtpMailer } from './mailer.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'mentora-mail-'));

describe('smtpMailer', () => {
  let smtp: SmtpStub;
  beforeAll(async () => {
    smtp = await startSmtpStub();
  });
  afterAll(() => smtp.close());

  it('hands a plain-text message to the SMTP server, from MAIL_FROM', async () => {
    const mailer = smtpMailer(smtp.url, 'Mentora <no-reply@mentora.example>');
    const long = `https://mentora.example/${'very-long-path/'.repeat(10)}?token=abc_DEF-123=`;
    await mailer.send({ to: 'someone@example.test', subject: 'Hello there', text: `Line one\n\n${long}\nÜmlaut ✓` });
    const mail = await smtp.next();
    expect(mail.from).toBe('no-reply@mentora.example');
    expect(mail.to).toEqual(['someone@example.test']);
    expect(mail.subject).toBe('Hello there');
    expect(mail.text.trim()).toBe(`Line one\n\n${long}\nÜmlaut ✓`);
  });

  it('rejects when the server refuses the message or cannot be reached', async () => {
    const refusing = await startSmtpStub({ refuse: true });
    try {
      await expect(
        smtpMailer(refusing.url, 'a@example.test').send({ to: 'b@example.test', subject: 's', text: 't' }),
      ).rejects.toThrow();
    } finally {
      await refusing.close();
    }
    await expect(
      smtpMailer('smtp://127.0.0.1:1', 'a@example.test').send({ to: 'b@example.test', subject: 's', text: 't' }),
    ).rejects.toThrow();
  });
});

describe('logMailer', () => {
  it('writes the whole message to the log at info level', async () => {
    const sink = new PassThrough();
    let logged = '';
    sink.on('data', (chunk) => {
      logged += String(chunk);
    });
    await logMailer(createLogger('info', sink)).send({
      to: 'someone@example.test',
      subject: 'Subject',
      text: 'The text',
    });
    const entry = JSON.parse(logged.trim());
    expect(entry.level).toBe(30);
    expect(entry.mail).toEqual({ to: 'someone@example.test', subject: 'Subject', text: 'The text' });
  });
});

describe('mail configuration', () => {
  it('defaults: no SMTP, a local sender, links to this server', () => {
    const config = loadConfig({ DATA_DIR: tmp(), PORT: '4321' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Mentora <no-reply@localhost>');
    expect(config.publicUrl).toBe('http://localhost:4321');
    expect(config.rateLimit.forgotPasswordPerIp).toBe(10);
    expect(config.rateLimit.forgotPasswordPerEmail).toBe(3);
  });

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_URL (without its trailing slash)', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'Team <team@example.com>',
      PUBLIC_URL: 'https://learn.example.com/',
    });
    expect(config.smtpUrl).toBe('smtps://user:secret@mail.example.com:465');
    expect(config.mailFrom).toBe('Team <team@example.com>');
    expect(config.publicUrl).toBe('https://learn.example.com');
  });

  it.each([
    [
      'SMTP_URL',
      'http://user:hunter2@mail.example.com',
      /^Invalid configuration: SMTP_URL: SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\/$/,
    ],
    [
      'PUBLIC_URL',
      'ftp://example.com',
      /^Invalid configuration: PUBLIC_URL: PUBLIC_URL must be a URL starting with http:\/\/ or https:\/\/ \(got "ftp:\/\/example.com"\)$/,
    ],
    ['MAIL_FROM', 'nobody', /^Invalid configuration: MAIL_FROM: MAIL_FROM must be an address/],
    ['FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL', '0', /FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL must be between 1 and/],
  ])('stops on a wrong %s with one line naming it, never echoing SMTP_URL', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrowError(message);
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrowError(ConfigError);
  });
});
