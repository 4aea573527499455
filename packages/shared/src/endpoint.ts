import type { z } from 'zod';
import type { Access } from './access';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the API, declared once (decision 017): the server registers its route from this, the web app calls
 * it through this, the OpenAPI document describes it from this, and the access matrix and the fuzzer walk it.
 */
export type Endpoint = {
  readonly method: HttpMethod;
  /** The path as the server routes it: `/api/…`, `:name` for a path parameter (CONTRACT.md: trailing slashes kept). */
  readonly path: `/api/${string}`;
  readonly access: Access;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The body is multipart/form-data with one file in the field `file` (spec 7.2), not JSON. */
  readonly upload?: true;
  /** The answers by success status. Every endpoint may also answer the errors of CONTRACT.md. */
  readonly answers: { readonly 200?: z.ZodType; readonly 201?: z.ZodType };
  /**
   * Issue 20: callable while the session is a front-desk tablet handed to a walk-in to sign (decision 035); every
   * other endpoint that needs a session refuses then.
   */
  readonly duringHandOff?: true;
  /**
   * Issue 32 (decision 039): every request has a time budget and answers 503 past it; a long legitimate route (an
   * export, a PDF, an import's steps) declares the long budget. Uploads have it too.
   */
  readonly budget?: 'long';
  /** More paths served alike (the spec writes one path without its trailing slash). */
  readonly aliases?: readonly `/api/${string}`[];
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler reads: the parsed params, query and body. */
export type EndpointParams<E extends Endpoint> = Output<E['params']>;
export type EndpointQuery<E extends Endpoint> = Output<E['query']>;
export type EndpointBody<E extends Endpoint> = Output<E['body']>;

/** What a caller sends: the body before parsing (defaults may be left out). */
export type EndpointBodyInput<E extends Endpoint> = Input<E['body']>;
/** Query strings carry text; every key of the schema may be given. */
export type EndpointQueryInput<E extends Endpoint> = E['query'] extends z.ZodType
  ? { [K in keyof z.input<E['query']>]?: string | number | boolean | null }
  : undefined;
export type EndpointParamsInput<E extends Endpoint> = E['params'] extends z.ZodType ? { [K in keyof z.input<E['params']>]: string } : undefined;

/** The answer of a success, as the server sends it. */
export type EndpointAnswer<E extends Endpoint> = {
  [S in keyof E['answers']]: E['answers'][S] extends z.ZodType ? z.output<E['answers'][S]> : never;
}[keyof E['answers']];

/** The path with its parameters filled in, each encoded as one path segment. */
export function endpointPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`endpointPath: no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}

/** A query string (with its `?`) of the given values; undefined and null are left out. */
export function endpointQueryString(query: Record<string, string | number | boolean | null | undefined> | undefined): string {
  if (!query) return '';
  const text = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return text ? `?${text}` : '';
}
