import type { Plugin } from 'vite';
import { z } from 'zod';
import { unsupportedKeywords, type JsonShape } from './src/lib/answer-shape.ts';

/**
 * The virtual modules and the file and export of the zod schemas each is made from. The first screens' answers are one
 * module; the public sales portal's are another, so the kiosk and login pages do not carry its shapes (bench: first-load
 * bytes), nor the portal theirs beyond what it shares.
 */
const MODULES: Record<string, { file: string; exportName: string }> = {
  'virtual:answer-shapes': { file: './src/api/answer-schemas.ts', exportName: 'answerSchemas' },
  'virtual:portal-answer-shapes': { file: './src/api/portal-answer-schemas.ts', exportName: 'portalAnswerSchemas' },
};

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
    resolveId: (id) => (id in MODULES ? `\0${id}` : undefined),
    async load(id) {
      const module = id.startsWith('\0') ? MODULES[id.slice(1)] : undefined;
      if (!module) return undefined;
      // Through tsx, as the server runs: packages/shared is TypeScript that Node alone cannot import.
      const { tsImport } = await import('tsx/esm/api');
      const schemas = ((await tsImport(module.file, import.meta.url)) as Record<string, Record<string, z.ZodType>>)[module.exportName]!;
      return `export default ${JSON.stringify(answerShapesOf(schemas))};`;
    },
  };
}
