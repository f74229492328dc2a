import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// Tests only: a real SMTP server on loopback standing in for the mail provider, so the real
// nodemailer transport runs end to end (DESIGN.md: outside services are stubbed at their boundary).

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The body, decoded from its transfer encoding. */
  text: string;
  raw: string;
}

export interface SmtpStub {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next message not yet taken, waiting for it when none is there yet. */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpStubOptions {
  /** Refuse every message with a permanent failure (550), as a broken provider would. */
  refuse?: boolean;
}

export async function startSmtpStub(options: SmtpStubOptions = {}): Promise<SmtpStub> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refuse) {
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') {
    text = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(body, 'base64').toString('utf8');
  }
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}
