/**
 * Reads an API answer against the JSON Schema that zod makes of its packages/shared schema at build time
 * (answer-shapes.plugin.ts, virtual:answer-shapes), so the screens a front desk opens first do not load zod (decision
 * 014). Same rules and output as `schema.parse`: unknown keys are dropped, anything else that does not fit throws.
 * Only the keywords below occur in those schemas; the plugin refuses to build a shape with any other.
 */
export type JsonShape = {
  type?: JsonType | JsonType[];
  enum?: readonly unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonShape>;
  required?: readonly string[];
  additionalProperties?: false;
  items?: JsonShape;
  anyOf?: readonly JsonShape[];
  $schema?: string;
  description?: string;
};

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

/** A shape with the type its answers have (the phantom `answer` is never set). */
export type AnswerShape<T> = JsonShape & { readonly answer?: T };

export const SHAPE_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  '$schema',
  'description',
]);

export class AnswerShapeError extends Error {
  constructor(readonly path: string) {
    super(`Unexpected answer at ${path || 'its top'}.`);
    this.name = 'AnswerShapeError';
  }
}

const patterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source)));
  return re;
}

function hasType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

function read(shape: JsonShape, value: unknown, path: string): unknown {
  if (shape.anyOf) {
    for (const option of shape.anyOf) {
      try {
        return read(option, value, path);
      } catch (err) {
        if (!(err instanceof AnswerShapeError)) throw err;
      }
    }
    throw new AnswerShapeError(path);
  }
  if (shape.type !== undefined && ![shape.type].flat().some((t) => hasType(value, t))) throw new AnswerShapeError(path);
  if (shape.enum && !shape.enum.includes(value)) throw new AnswerShapeError(path);
  if ('const' in shape && value !== shape.const) throw new AnswerShapeError(path);
  if (typeof value === 'string') {
    if (shape.pattern !== undefined && !pattern(shape.pattern).test(value)) throw new AnswerShapeError(path);
    if (shape.minLength !== undefined && value.length < shape.minLength) throw new AnswerShapeError(path);
    if (shape.maxLength !== undefined && value.length > shape.maxLength) throw new AnswerShapeError(path);
    return value;
  }
  if (typeof value === 'number') {
    if (shape.minimum !== undefined && value < shape.minimum) throw new AnswerShapeError(path);
    if (shape.maximum !== undefined && value > shape.maximum) throw new AnswerShapeError(path);
    if (shape.exclusiveMinimum !== undefined && value <= shape.exclusiveMinimum) throw new AnswerShapeError(path);
    if (shape.exclusiveMaximum !== undefined && value >= shape.exclusiveMaximum) throw new AnswerShapeError(path);
    return value;
  }
  if (Array.isArray(value)) {
    const items = shape.items;
    return items ? value.map((item, i) => read(items, item, `${path}[${i}]`)) : value;
  }
  if (typeof value === 'object' && value !== null && shape.properties) {
    const fields = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const required = shape.required ?? [];
    for (const [key, property] of Object.entries(shape.properties)) {
      const at = path ? `${path}.${key}` : key;
      if (!Object.hasOwn(fields, key) || fields[key] === undefined) {
        if (required.includes(key)) throw new AnswerShapeError(at);
        continue;
      }
      out[key] = read(property, fields[key], at);
    }
    return out;
  }
  return value;
}

/** A parser for api-client's `schema` option. */
export function answerParser<T>(shape: AnswerShape<T>): { parse: (body: unknown) => T } {
  return { parse: (body) => read(shape, body, '') as T };
}

/** The keywords of `shape` (and of every shape in it) that `read` does not know; the plugin refuses those. */
export function unsupportedKeywords(shape: JsonShape, path = '#'): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    if (!SHAPE_KEYWORDS.has(key)) found.push(`${path}/${key}`);
    if (key === 'format' && shape.pattern === undefined) found.push(`${path}/format without a pattern`);
    if (key === 'additionalProperties' && value !== false) found.push(`${path}/additionalProperties other than false`);
  }
  for (const [key, child] of Object.entries(shape.properties ?? {})) found.push(...unsupportedKeywords(child, `${path}/properties/${key}`));
  if (shape.items) found.push(...unsupportedKeywords(shape.items, `${path}/items`));
  shape.anyOf?.forEach((option, i) => found.push(...unsupportedKeywords(option, `${path}/anyOf/${i}`)));
  return found;
}
