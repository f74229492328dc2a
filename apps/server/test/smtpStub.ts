import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Tests only: a real SMTP server on loopback standing in for the mail provider, so the real
// nodemailer transport runs end to end (docs/design.md: outside services are stubbed at their boundary).

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text body (its text/plain part when there are several), decoded from its transfer encoding. */
  text: string;
  /** The HTML part, decoded; '' when there is none. */
  html: string;
  /** A header of the message, unfolded; '' when it has none of that name. */
  header(name: string): string;
  raw: string;
}

export interface SmtpStub {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next message not yet taken, waiting for it when none is there yet. */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  /** From now on refuse every message (a provider that is down), or take them again. */
  setRefusing(refusing: boolean): void;
  /** Forgets every message received so far. */
  clear(): void;
  close(): Promise<void>;
}

export interface SmtpStubOptions {
  /** Refuse every message with a permanent failure (550), as a broken provider would. */
  refuse?: boolean;
}

export async function startSmtpStub(options: SmtpStubOptions = {}): Promise<SmtpStub> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  let refusing = options.refuse ?? false;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ ...parse(raw), from, to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no mail arrived at the SMTP stub');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      const mail = received[taken] as ReceivedMail;
      taken += 1;
      return mail;
    },
    setRefusing(value) {
      refusing = value;
    },
    clear() {
      received.splice(0);
      taken = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitHead(raw: string): { head: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  return {
    head: (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' '),
    body: split < 0 ? '' : raw.slice(split + 4),
  };
}

const headerOf = (head: string) => (name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';

function decode(body: string, encoding: string): string {
  if (encoding === 'quoted-printable') {
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** A header's RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) as the text they stand for. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decode(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function parse(raw: string): { subject: string; text: string; html: string; header(name: string): string } {
  const { head, body } = splitHead(raw);
  const header = headerOf(head);
  const type = header('Content-Type');
  const parts: { type: string; text: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHead(chunk.replace(/^\r\n/, ''));
      const partHeader = headerOf(part.head);
      parts.push({
        type: partHeader('Content-Type').toLowerCase(),
        text: decode(part.body.replace(/\r\n$/, ''), partHeader('Content-Transfer-Encoding').toLowerCase()),
      });
    }
  } else {
    parts.push({
      type: type.toLowerCase() || 'text/plain',
      text: decode(body, header('Content-Transfer-Encoding').toLowerCase()),
    });
  }
  const of = (kind: string) => parts.find((part) => part.type.startsWith(kind))?.text.replace(/\r\n/g, '\n') ?? '';
  return { subject: decodeWords(header('Subject')), text: of('text/plain'), html: of('text/html'), header };
}
