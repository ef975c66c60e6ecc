/**
 * An XMLHttpRequest double for upload tests: nothing leaves the process. The app's request is in
 * `FakeXhr.latest()`; the test reports upload progress and answers it.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  static latest(): FakeXhr | undefined {
    return FakeXhr.instances.at(-1);
  }

  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  body: FormData | null = null;
  readonly headers: Record<string, string> = {};
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  addEventListener(type: string, listener: EventListener): void {
    this.events.addEventListener(type, listener);
  }

  send(body: FormData): void {
    this.body = body;
  }

  abort(): void {
    this.events.dispatchEvent(new Event('abort'));
    this.events.dispatchEvent(new Event('loadend'));
  }

  // --- driven by tests -----------------------------------------------------------------------

  progress(loaded: number, total: number): void {
    const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }

  /** The request never got an answer (offline, refused). */
  fail(): void {
    this.events.dispatchEvent(new Event('error'));
    this.events.dispatchEvent(new Event('loadend'));
  }

  /** Answers `body` as JSON, or as it is when it is a string. */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
    this.events.dispatchEvent(new Event('loadend'));
  }
}
