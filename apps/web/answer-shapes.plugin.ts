import type { Plugin } from 'vite';
import { z } from 'zod';
import { unsupportedKeywords, type JsonShape } from './src/lib/answer-shape.ts';

const ID = 'virtual:answer-shapes';
const RESOLVED = `\0${ID}`;

/** The JSON Schema of every answer in `schemas`, as zod makes it for the answer (its output). */
export function answerShapesOf(schemas: Record<string, z.ZodType>): Record<string, JsonShape> {
  const out: Record<string, JsonShape> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _draft, ...shape } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as JsonShape;
    const unsupported = unsupportedKeywords(shape);
    if (unsupported.length > 0) throw new Error(`The answer shape ${name} uses what src/lib/answer-shape.ts does not read: ${unsupported.join(', ')}`);
    out[name] = shape;
  }
  return out;
}

/** Decision 014: `import shapes from 'virtual:answer-shapes'` gives the answers' JSON Schemas, so zod is not shipped for them. */
export function answerShapes(): Plugin {
  return {
    name: 'spotter-answer-shapes',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      // Through tsx, as the server runs: packages/shared is TypeScript that Node alone cannot import.
      const { tsImport } = await import('tsx/esm/api');
      const { answerSchemas } = (await tsImport('./src/api/answer-schemas.ts', import.meta.url)) as { answerSchemas: Record<string, z.ZodType> };
      return `export default ${JSON.stringify(answerShapesOf(answerSchemas))};`;
    },
  };
}
