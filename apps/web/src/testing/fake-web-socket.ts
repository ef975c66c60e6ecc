/**
 * A WebSocket double for tests: nothing leaves the process. Tests find the sockets the app
 * opened in `FakeWebSocket.instances`, open them, push server messages and read what was sent.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** Every message the app sent, parsed. */
  readonly sent: unknown[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send() on a socket that is not open');
    this.sent.push(JSON.parse(data) as unknown);
  }

  close(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code: 1000 });
  }

  // --- driven by tests -----------------------------------------------------------------------

  serverOpen(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.({});
  }

  serverSend(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** Answers every subscribe sent so far with `subscribed`. */
  serverConfirmSubscriptions(): void {
    for (const message of this.sent) {
      const { op, topic } = message as { op?: string; topic?: string };
      if (op === 'subscribe') this.serverSend({ op: 'subscribed', topic });
    }
  }

  /** The server closes the socket with `code` (after the closing handshake). */
  serverClose(code: number): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code });
  }

  serverDrop(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }

  static latest(): FakeWebSocket | undefined {
    return FakeWebSocket.instances.at(-1);
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }
}
