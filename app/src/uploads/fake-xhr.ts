import type { UploadXhr } from './upload-note.ts';

/**
 * A scripted XMLHttpRequest for tests: records what is sent and lets the test play the
 * browser's part (upload progress, the end of the body, the answer, a network failure).
 */
export class FakeXhr implements UploadXhr {
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  status = 0;
  statusText = '';
  responseText = '';
  method: string | undefined;
  url: string | undefined;
  readonly headers: Record<string, string> = {};
  body: FormData | undefined;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  addEventListener(type: 'load' | 'error' | 'abort', listener: () => void) {
    this.events.addEventListener(type, listener);
  }

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }

  /** `loaded` of `total` body bytes have left. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { loaded, total, lengthComputable: true }),
    );
  }

  /** The whole body has left; the answer is awaited. */
  sent() {
    this.upload.dispatchEvent(new Event('load'));
  }

  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  networkError() {
    this.events.dispatchEvent(new Event('error'));
  }
}

/** Hands out a new FakeXhr per request and keeps them in order. */
export function fakeXhrFactory() {
  const requests: FakeXhr[] = [];
  return {
    requests,
    createXhr: () => {
      const xhr = new FakeXhr();
      requests.push(xhr);
      return xhr;
    },
  };
}
