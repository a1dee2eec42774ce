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
  ) {
    super(message);
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
}

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
  const fallback = options.fallback ?? 'Something went wrong. Please try again.';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    const token = await ensureXsrfCookie();
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }

  if (options.form && options.onProgress) {
    return uploadWithProgress<T>(method, url, headers, options.form, options.onProgress, fallback);
  }

  let response: Response;
  try {
    response = await send(url, { method, headers, body, credentials: 'same-origin', signal: options.signal });
  } catch {
    throw new ApiError(0, fallback);
  }
  const data = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, messageOf(data) ?? fallback, fieldsOf(data));
  return data as T;
}

function messageOf(data: unknown): string | undefined {
  return data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : undefined;
}

function fieldsOf(data: unknown): { field: string; message: string }[] | undefined {
  return data && typeof data === 'object' && 'errors' in data && Array.isArray(data.errors)
    ? (data.errors as { field: string; message: string }[])
    : undefined;
}

function uploadWithProgress<T>(
  method: string,
  url: string,
  headers: Record<string, string>,
  form: FormData,
  onProgress: (fraction: number) => void,
  fallback: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(data as T);
      } else reject(new ApiError(xhr.status, messageOf(data) ?? fallback, fieldsOf(data)));
    };
    xhr.onerror = () => reject(new ApiError(0, fallback));
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
