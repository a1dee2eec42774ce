import { takeMemberAnswer } from './member-data';

/**
 * The single HTTP client of the web app: same-origin with cookies, echoes the XSRF-TOKEN cookie
 * (`__Host-XSRF-TOKEN` in production) in X-XSRF-TOKEN on unsafe methods, and turns every failure into an ApiError whose message is
 * the server's `message` when it sent one, else the caller's fallback text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages of a 400 answer, so a form can show each next to its field. */
    readonly fields?: { field: string; message: string }[],
    /** The server said when to ask again (Retry-After): the request was not refused, only early. */
    readonly retryAfter = false,
  ) {
    super(message);
  }

  /** Sending it again may succeed: no connection (status 0), a gateway or a busy server, or the same submission still being handled (409 with Retry-After). */
  get transient(): boolean {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504 || (this.status === 409 && this.retryAfter);
  }
}

export interface RequestOptions {
  /** Text shown when the server gives no message (network failure, 5xx without body). */
  fallback?: string;
  json?: unknown;
  form?: FormData;
  /** Upload progress 0..1 for multipart bodies (uses XMLHttpRequest, which reports it). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: one per member action, the same on each of its retries, so the server stores it once. */
  idempotencyKey?: string;
}

/** An upload that sends nothing for this long is taken for a dropped connection. */
const UPLOAD_STALL_MS = 30_000;
/** After the last byte went up, how long the answer may take. */
const ANSWER_WAIT_MS = 60_000;

let send: typeof fetch = (input, init) => fetch(input, init);

/** Pages rendered on the server send their calls to the portal itself instead of over the network. */
export function sendRequestsThrough(sender: typeof fetch): void {
  send = sender;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((row) => row.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** The server's token for this browser's session; it changes at sign-in and sign-out, so it is read for every call. */
function xsrfToken(): string | undefined {
  return readCookie('__Host-XSRF-TOKEN') ?? readCookie('XSRF-TOKEN');
}

async function ensureXsrfCookie(): Promise<string | undefined> {
  let token = xsrfToken();
  if (!token) {
    await fetch('/api/users/profile', { credentials: 'same-origin' }).catch(() => undefined);
    token = xsrfToken();
  }
  return token;
}

export async function apiRequest<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  if (method === 'GET') {
    const sent = takeMemberAnswer(url);
    if (sent.found) return sent.data as T;
  }
  const fallback = options.fallback ?? 'Something went wrong. Please try again.';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    const token = await ensureXsrfCookie();
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }

  if (options.form && options.onProgress) {
    return uploadWithProgress<T>(method, url, headers, options.form, options.onProgress, fallback, options.signal);
  }

  const connection = abortWhenOffline(options.signal);
  let response: Response;
  try {
    response = await send(url, { method, headers, body, credentials: 'same-origin', signal: connection.signal });
  } catch {
    throw new ApiError(0, fallback);
  } finally {
    connection.done();
  }
  const data = await response.json().catch(() => undefined);
  if (!response.ok) throw errorOf(response.status, data, fallback, response.headers.get('Retry-After'));
  return data as T;
}

/** A request in flight when the device goes offline fails at once rather than waiting on a dead connection. */
function abortWhenOffline(outer: AbortSignal | undefined): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  // A page drawn on the server has no window; its calls never leave the process.
  const browser = typeof window !== 'undefined' ? window : undefined;
  browser?.addEventListener('offline', abort);
  outer?.addEventListener('abort', abort);
  if (outer?.aborted) abort();
  return {
    signal: controller.signal,
    done: () => {
      browser?.removeEventListener('offline', abort);
      outer?.removeEventListener('abort', abort);
    },
  };
}

function errorOf(status: number, data: unknown, fallback: string, retryAfter: string | null): ApiError {
  return new ApiError(status, messageOf(data) ?? fallback, fieldsOf(data), retryAfter !== null);
}

function messageOf(data: unknown): string | undefined {
  return data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : undefined;
}

function fieldsOf(data: unknown): { field: string; message: string }[] | undefined {
  return data && typeof data === 'object' && 'errors' in data && Array.isArray(data.errors) ? (data.errors as { field: string; message: string }[]) : undefined;
}

/**
 * A multipart upload through XMLHttpRequest, which reports progress. A connection that drops
 * (the device goes offline, the bytes stop moving, the answer never comes) ends it with an
 * ApiError of status 0, so the page can say so and send it again, never sit at the same percentage.
 */
function uploadWithProgress<T>(
  method: string,
  url: string,
  headers: Record<string, string>,
  form: FormData,
  onProgress: (fraction: number) => void,
  fallback: string,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const connection = abortWhenOffline(signal);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waitAtMost = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => xhr.abort(), ms);
    };
    const finish = () => {
      clearTimeout(timer);
      connection.done();
    };
    const lost = () => {
      finish();
      reject(new ApiError(0, fallback));
    };
    connection.signal.addEventListener('abort', () => xhr.abort());
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      waitAtMost(UPLOAD_STALL_MS);
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => waitAtMost(ANSWER_WAIT_MS);
    xhr.onload = () => {
      finish();
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(data as T);
      } else reject(errorOf(xhr.status, data, fallback, xhr.getResponseHeader('Retry-After')));
    };
    xhr.onerror = lost;
    xhr.onabort = lost;
    xhr.ontimeout = lost;
    waitAtMost(UPLOAD_STALL_MS);
    xhr.send(form);
  });
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => apiRequest<T>('GET', url, options),
  post: <T>(url: string, options?: RequestOptions) => apiRequest<T>('POST', url, options),
  put: <T>(url: string, options?: RequestOptions) => apiRequest<T>('PUT', url, options),
  patch: <T>(url: string, options?: RequestOptions) => apiRequest<T>('PATCH', url, options),
  delete: <T>(url: string, options?: RequestOptions) => apiRequest<T>('DELETE', url, options),
};
