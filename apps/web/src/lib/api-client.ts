import firstRoutes from 'virtual:endpoints';
import { endpointPath, endpointQueryString } from '@spotter/shared';
import type { Endpoint, EndpointAnswer, EndpointBodyInput, EndpointName, EndpointParamsInput, EndpointQueryInput, Endpoints } from '@spotter/shared';
import { getRuntimeConfig } from './runtime-config';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Spec 8: the text shown when an answer carries no message of its own. */
export function defaultErrorMessage(now: number = Date.now()): string {
  return `Something went wrong, please try again. Contact Support ref: ${Math.floor(now / 1000)}.`;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;

  constructor(status: number, message: string, code = 'unknown', fields?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** 0 means the request never got an answer (network failure). */
  get isServerFailure(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const shownRefusals = new WeakSet<object>();

/**
 * Issue 34: marks a failure as shown where it happened (its text in the form, or its fields on the form's fields), so
 * useApiMutation does not also notify it. Marked in a mutation's own onError or a mutateAsync's catch, never while
 * rendering (a render may come before or after the notification is decided).
 */
export function markShown(error: unknown): void {
  if (typeof error === 'object' && error !== null) shownRefusals.add(error);
}

export function isShown(error: unknown): boolean {
  return typeof error === 'object' && error !== null && shownRefusals.has(error);
}

/** The message to show for any failure: the server's own message, else the default text. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : defaultErrorMessage();
}

/** errorMessage for a caller that shows the refusal itself (in its dialog): marked shown, so it is said once. */
export function shownMessage(error: unknown): string {
  markShown(error);
  return errorMessage(error);
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Resolves a path against the configured API base. Paths the server hands back (a page's `next`,
 * e.g. "/api/profiles/?offset=20") already carry the base and are resolved against its origin.
 */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const base = getRuntimeConfig().apiServer.replace(/\/$/, '');
  const basePath = /^https?:\/\//.test(base) ? new URL(base).pathname.replace(/\/$/, '') : base;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) {
    return /^https?:\/\//.test(base) ? new URL(path, base).toString() : path;
  }
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** What reads an answer: a zod schema of packages/shared, or a lighter parser with the same contract. */
export type ResponseParser<T> = { parse: (body: unknown) => T };

type Route = { readonly method: Endpoint['method']; readonly path: string; readonly upload?: true };
let moreRoutes: Promise<Partial<Record<EndpointName, Route>>> | undefined;

/** An endpoint's method and path: the first screens' at once, the others' from their chunk, fetched once (endpoints.plugin.ts). */
function routeOf(name: EndpointName): Route | Promise<Route> {
  const first = firstRoutes[name];
  if (first) return first;
  moreRoutes ??= import('virtual:endpoints-more').then((m) => m.default as Partial<Record<EndpointName, Route>>);
  return moreRoutes.then((more) => {
    const route = more[name];
    if (!route) throw new Error(`No endpoint named ${name}.`);
    return route;
  });
}

/** The path an endpoint is declared with, less the `/api` that apiUrl puts back from the runtime configuration. */
const pathOf = (route: Route): string => route.path.replace(/^\/api(?=\/)/, '');

async function fetchCsrfToken(): Promise<void> {
  await send(apiUrl(pathOf(await routeOf('csrf'))), { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } });
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, defaultErrorMessage(), 'network_error');
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type ErrorBody = { message?: string; code?: string; fields?: Record<string, string[]> };

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** apiErrorSchema.partial() of packages/shared, without zod (every request can fail): one wrong field, and none is used. */
function readErrorBody(body: unknown): ErrorBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const { message, code, fields } = body as Record<string, unknown>;
  if (message !== undefined && typeof message !== 'string') return {};
  if (code !== undefined && typeof code !== 'string') return {};
  if (fields !== undefined && (typeof fields !== 'object' || fields === null || Array.isArray(fields) || !Object.values(fields).every(isStringArray)))
    return {};
  return { message, code, fields: fields as ErrorBody['fields'] };
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = readErrorBody(await readBody(response));
  return new ApiError(response.status, body.message || defaultErrorMessage(), body.code ?? 'unknown', body.fields);
}

type Payload = { body: BodyInit | undefined; contentType: string | undefined };

function jsonPayload(body: unknown): Payload {
  return body === undefined ? { body: undefined, contentType: undefined } : { body: JSON.stringify(body), contentType: 'application/json' };
}

async function attempt(url: string, method: string, payload: Payload, signal: AbortSignal | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body sets its own multipart Content-Type with the boundary.
  if (payload.contentType) headers['Content-Type'] = payload.contentType;
  if (UNSAFE_METHODS.has(method)) {
    // Read the cookie at every request: the server re-issues it at login, logout and impersonation.
    if (!readCookie(CSRF_COOKIE)) await fetchCsrfToken();
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  return send(url, { method, headers, credentials: 'include', body: payload.body, signal });
}

/** Sends with CSRF; a 403 csrf_failed fetches a fresh token and tries once more. */
async function perform<T>(path: string, method: string, payload: Payload, options: { schema?: ResponseParser<T>; signal?: AbortSignal }): Promise<T> {
  const url = apiUrl(path);
  let response = await attempt(url, method, payload, options.signal);
  if (response.status === 403 && UNSAFE_METHODS.has(method)) {
    const error = await toApiError(response.clone());
    if (error.code === 'csrf_failed') {
      await fetchCsrfToken();
      response = await attempt(url, method, payload, options.signal);
    }
  }
  if (!response.ok) throw await toApiError(response);
  const body = await readBody(response);
  return (options.schema ? options.schema.parse(body) : body) as T;
}

function uploadPayload(file: Blob): Payload {
  // Spec 7.2: one file in the field `file`.
  const form = new FormData();
  form.append('file', file);
  return { body: form, contentType: undefined };
}

type Declared<N extends EndpointName> = Endpoints[N];

/** What a call of endpoint N sends, typed from its declaration: path parameters, query and body (a file to upload). */
export type EndpointCall<N extends EndpointName> = (EndpointParamsInput<Declared<N>> extends undefined
  ? { params?: undefined }
  : { params: EndpointParamsInput<Declared<N>> }) &
  (EndpointQueryInput<Declared<N>> extends undefined ? { query?: undefined } : { query?: EndpointQueryInput<Declared<N>> }) &
  (Declared<N> extends { upload: true }
    ? { body: Blob }
    : EndpointBodyInput<Declared<N>> extends undefined
      ? { body?: undefined }
      : { body: EndpointBodyInput<Declared<N>> }) & { signal?: AbortSignal };

/** The success answer of endpoint N as its declaration types it. */
export type EndpointResult<N extends EndpointName> = EndpointAnswer<Declared<N>>;

/**
 * The one way the web app talks to the API: endpoint N of packages/shared's table by name, with cookies, CSRF and
 * errors as ApiError. Only the table's methods and paths are loaded (virtual:endpoints), never its zod schemas.
 * The answer is read with `schema` (a zod schema, or answers.x on the first screens, decision 014); without one it is
 * not read, and its type is unknown.
 */
export function callEndpoint<N extends EndpointName>(
  name: N,
  call: EndpointCall<N>,
  options: { schema: ResponseParser<EndpointResult<N>> },
): Promise<EndpointResult<N>>;
export function callEndpoint<N extends EndpointName>(name: N, call: EndpointCall<N>, options?: { schema?: undefined }): Promise<unknown>;
export function callEndpoint<N extends EndpointName>(
  name: N,
  call: EndpointCall<N>,
  options: { schema?: ResponseParser<EndpointResult<N>> } = {},
): Promise<unknown> {
  const { params, query, body, signal } = call as {
    params?: Record<string, string>;
    query?: Parameters<typeof endpointQueryString>[0];
    body?: unknown;
    signal?: AbortSignal;
  };
  const run = (route: Route) => {
    const path = `${endpointPath(pathOf(route), params)}${endpointQueryString(query)}`;
    const payload = route.upload ? uploadPayload(body as Blob) : jsonPayload(body);
    return perform(path, route.method, payload, { schema: options.schema, signal });
  };
  const route = routeOf(name);
  return route instanceof Promise ? route.then(run) : run(route);
}

/** The offset of a page's `next` link (`/api/…?limit=20&offset=40`), or null on the last page. */
export function nextOffset(next: string | null): number | null {
  if (!next) return null;
  const offset = new URL(next, 'http://next.invalid').searchParams.get('offset');
  return offset === null ? null : Number(offset);
}

/** The file name a `Content-Disposition: attachment; filename="…"` names, or null. */
export function fileNameOf(disposition: string | null): string | null {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match ? match[1]! : null;
}

/**
 * A GET endpoint whose answer is a file (a CSV export): its bytes and the name the server gives it. Failures are
 * ApiErrors as with callEndpoint.
 */
export async function downloadEndpoint<N extends EndpointName>(name: N, call: EndpointCall<N>): Promise<{ blob: Blob; fileName: string | null }> {
  const { params, query, signal } = call as { params?: Record<string, string>; query?: Parameters<typeof endpointQueryString>[0]; signal?: AbortSignal };
  const url = apiUrl(`${endpointPath(pathOf(await routeOf(name)), params)}${endpointQueryString(query)}`);
  const response = await send(url, { method: 'GET', credentials: 'include', headers: { Accept: 'text/csv, application/json' }, signal });
  if (!response.ok) throw await toApiError(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}
