/**
 * A real SMTP server on loopback for the mail tests (no TLS, no auth): point SMTP_URL (`smtpUrl`)
 * at `url` and read what it received in `messages`.
 *
 *   const smtp = await startSmtpServer();
 *   const t = await buildTestApp({ config: { smtpUrl: smtp.url } });
 *   const [mail] = await smtp.mailsTo('ana@example.com');
 *   await smtp.close();
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMessage {
  mailFrom: string | undefined;
  rcptTo: string[];
  raw: Buffer;
}

export interface TestSmtpServer {
  url: string;
  messages: ReceivedMessage[];
  connectionCount: () => number;
  /** The messages received for `address` (an envelope recipient), parsed, in arrival order. */
  mailsTo: (address: string) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
}

/** Starts one on 127.0.0.1 at a free port; `rejectRecipients` answers 550 to every RCPT TO. */
export async function startSmtpServer(options: { rejectRecipients?: boolean } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMessage[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (!options.rejectRecipients) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    connectionCount: () => connections,
    mailsTo: (address) =>
      Promise.all(
        messages
          .filter((message) => message.rcptTo.includes(address))
          .map((message) => simpleParser(message.raw)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
