// The one HTTP client of the app. Every call carries the session cookie, echoes the anti-forgery
// cookie and marks itself as made by script; a non-2xx answer becomes an ApiError.
//
// The anti-forgery token: the server hands it out from GET /api/csrf-cookie (and renews it at
// sign-in) in a readable XSRF-TOKEN cookie and in an X-XSRF-TOKEN answer header, and refuses a
// state-changing call without it (419). The app keeps the header's token (the cookie belongs to
// the API's host when the API has its own, and may not be readable here) and falls back to the
// cookie. A state-changing call first fetches the token when there is none, and fetches it again
// and retries once after a 419 (the session may have expired in between).
//
// The API's address: the page's <meta name="api-origin"> (the server writes it from API_URL, so
// one build serves any host), else VITE_API_URL at build time, else this origin.

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** The whole JSON body of the answer ({} when it was not JSON), for fields beyond these. */
  readonly body: Record<string, unknown>;

  constructor(status: number, message: string, errors: FieldErrors = {}, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

/**
 * A state-changing call refused before it was sent because the phone is offline: it is never
 * queued to go later, so the shopper is told at once (`offline.write`) and decides again.
 */
export class OfflineError extends Error {
  constructor() {
    super('The phone is offline: nothing was sent');
    this.name = 'OfflineError';
  }
}

export const isOfflineError = (error: unknown): error is OfflineError => error instanceof OfflineError;

/** False when the browser knows it has no connection (it can be wrong the other way only). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

function apiOrigin(): string {
  const fromPage = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="api-origin"]')?.content;
  return (fromPage || import.meta.env.VITE_API_URL || '').replace(/\/$/, '');
}

const baseUrl = apiOrigin();

export type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (such as checkout's Idempotency-Key). */
  headers?: Record<string, string>;
  /** A body sent as it is, not as JSON (a CSV sheet). */
  rawBody?: { contentType: string; content: string };
  /** The call outlives the page (sent as the shopper follows a link away). */
  keepalive?: boolean;
}

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

const TOKEN_HEADER = 'X-XSRF-TOKEN';

/** The token the last answer that carried one handed out. */
let heldToken: string | undefined;

function keepToken(response: Response) {
  const token = response.headers.get(TOKEN_HEADER);
  if (token) heldToken = token;
}

function currentToken(): string | undefined {
  return heldToken ?? readCookie('XSRF-TOKEN');
}

/** Forgets the held token (between unit tests, each of which starts a new session). */
export function forgetToken() {
  heldToken = undefined;
}

/**
 * False when the shopper certainly has no session yet: on the same origin, every session that can
 * hold a cart or a sign-in has received the XSRF-TOKEN cookie (both need a state-changing call).
 * Lets a first visit skip the user and cart requests. With a separate API host the cookie is not
 * readable here, so this stays true.
 */
export const mayHaveSession = (): boolean => baseUrl !== '' || readCookie('XSRF-TOKEN') !== undefined;

async function toApiError(response: Response): Promise<ApiError> {
  let message = response.statusText || `Request failed with status ${response.status}`;
  let errors: FieldErrors = {};
  let whole: Record<string, unknown> = {};
  try {
    const body = (await response.json()) as { message?: unknown; errors?: unknown };
    if (body && typeof body === 'object') whole = body as Record<string, unknown>;
    if (typeof body.message === 'string') message = body.message;
    if (body.errors && typeof body.errors === 'object') errors = body.errors as FieldErrors;
  } catch {
    // Not JSON (a proxy's error page, say): keep the status text.
  }
  return new ApiError(response.status, message, errors, whole);
}

const CSRF_COOKIE_PATH = '/api/csrf-cookie';
/** The status the server answers when the anti-forgery token is missing or wrong. */
const TOKEN_MISMATCH = 419;

let tokenRequest: Promise<void> | null = null;

/** Asks the server for the token; concurrent callers share one request. */
function fetchToken(): Promise<void> {
  tokenRequest ??= fetch(apiUrl(CSRF_COOKIE_PATH), {
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  })
    .then((response) => {
      keepToken(response);
      if (!response.ok) console.warn(`GET ${CSRF_COOKIE_PATH} answered ${response.status}`);
    })
    .finally(() => {
      tokenRequest = null;
    });
  return tokenRequest;
}

function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    // The page's language (src/lib/i18n.ts sets it), for the catalogue's names and the server's messages.
    'Accept-Language': document.documentElement.lang || 'en',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const xsrf = currentToken();
  if (xsrf !== undefined) headers[TOKEN_HEADER] = xsrf;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.rawBody) headers['Content-Type'] = options.rawBody.contentType;
  return fetch(apiUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    body: options.rawBody ? options.rawBody.content : options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    keepalive: options.keepalive,
  });
}

/** Performs a call and answers the parsed body together with the response headers. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const changesState = (options.method ?? 'GET') !== 'GET';
  if (changesState && isOffline()) throw new OfflineError();
  if (changesState && currentToken() === undefined) await fetchToken();
  let response = await send(path, options);
  if (changesState && response.status === TOKEN_MISMATCH) {
    heldToken = undefined;
    await fetchToken();
    response = await send(path, options);
  }
  keepToken(response);
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/**
 * The anti-forgery header for a state-changing call made outside `api` (an upload with progress,
 * through XMLHttpRequest), fetching the token first when there is none.
 */
export async function xsrfHeader(): Promise<Record<string, string>> {
  if (currentToken() === undefined) await fetchToken();
  const xsrf = currentToken();
  return xsrf === undefined ? {} : { [TOKEN_HEADER]: xsrf };
}

export async function api<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
