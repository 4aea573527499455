import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import shapes from 'virtual:answer-shapes';
import { answerShapesOf } from '../../answer-shapes.plugin.ts';
import { answerSchemas } from '../api/answer-schemas';
import { answers } from '../api/answer-shapes';
import portalShapes from 'virtual:portal-answer-shapes';
import { portalAnswerSchemas } from '../api/portal-answer-schemas';
import { portalAnswers } from '../api/portal-answer-shapes';
import { gym as kioskGym } from '../features/kiosk/components/kiosk-test-fixtures';
import { AnswerShapeError, answerParser, unsupportedKeywords, type JsonShape } from './answer-shape';

/** Values that fit `shape`. */
function valuesOf(shape: JsonShape): fc.Arbitrary<unknown> {
  if (shape.anyOf) return fc.oneof(...shape.anyOf.map(valuesOf));
  if (shape.enum) return fc.constantFrom(...shape.enum);
  const kinds = [shape.type ?? 'null'].flat().map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({ min: Math.max(shape.minimum ?? -1e9, -1e9), max: Math.min(shape.maximum ?? 1e9, 1e9) });
      case 'number':
        return fc.double({ noNaN: true, noDefaultInfinity: true });
      case 'string':
        return shape.pattern ? fc.stringMatching(new RegExp(shape.pattern)) : fc.string({ maxLength: 8 });
      case 'array':
        return fc.array(valuesOf(shape.items ?? {}), { maxLength: 2 });
      case 'object': {
        const keys = Object.fromEntries(Object.entries(shape.properties ?? {}).map(([key, child]) => [key, valuesOf(child)]));
        return fc.record(keys, { requiredKeys: [...(shape.required ?? [])] });
      }
    }
  });
  return fc.oneof(...kinds);
}

type Node = { parent: Record<string, unknown> | unknown[] | null; key: string | number | null };

function nodesOf(value: unknown, parent: Node['parent'] = null, key: Node['key'] = null, out: Node[] = []): Node[] {
  out.push({ parent, key });
  if (Array.isArray(value)) value.forEach((item, i) => nodesOf(item, value, i, out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) nodesOf(v, value as Record<string, unknown>, k, out);
  return out;
}

/** A value that fits `shape` with exactly one change: one node replaced by a string or any JSON, a key dropped or one added. */
function changedValuesOf(shape: JsonShape): fc.Arbitrary<unknown> {
  const change = fc.oneof(
    fc.record({ kind: fc.constant('replace' as const), by: fc.oneof(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })) }),
    fc.record({ kind: fc.constant('drop' as const) }),
    fc.record({ kind: fc.constant('add' as const), key: fc.string({ maxLength: 4 }), by: fc.jsonValue({ maxDepth: 1 }) }),
  );
  return fc.tuple(valuesOf(shape), fc.nat(), change).map(([fitting, at, how]) => {
    const value = structuredClone(fitting);
    const nodes = nodesOf(value);
    const { parent, key } = nodes[at % nodes.length]!;
    const current = parent === null ? value : (parent as Record<string | number, unknown>)[key!];
    if (how.kind === 'replace') {
      if (parent === null) return how.by;
      (parent as Record<string | number, unknown>)[key!] = how.by;
    } else if (how.kind === 'drop' && parent !== null && !Array.isArray(parent)) {
      delete parent[key as string];
    } else if (how.kind === 'add' && typeof current === 'object' && current !== null && !Array.isArray(current)) {
      (current as Record<string, unknown>)[how.key] ??= how.by;
    }
    return value;
  });
}

const outcome = (parse: () => unknown) => {
  try {
    return { ok: true as const, value: parse() };
  } catch (err) {
    if (err instanceof AnswerShapeError || err instanceof z.ZodError) return { ok: false as const };
    throw err;
  }
};

describe('answers read without zod (decision 014)', () => {
  const built = answerShapesOf(answerSchemas);

  it('the build gives every answer of answer-schemas.ts, as zod makes its JSON Schema', () => {
    expect(Object.keys(shapes).sort()).toEqual(Object.keys(answerSchemas).sort());
    expect(shapes).toEqual(built);
    expect(Object.keys(answers).sort()).toEqual(Object.keys(answerSchemas).sort());
  });

  it('the sales portal has its own module, made the same way from portal-answer-schemas.ts', () => {
    expect(portalShapes).toEqual(answerShapesOf(portalAnswerSchemas));
    expect(Object.keys(portalAnswers).sort()).toEqual(Object.keys(portalAnswerSchemas).sort());
    expect(Object.keys(shapes)).not.toContain('salesPortal');
  });

  for (const [name, schema] of Object.entries({ ...answerSchemas, ...portalAnswerSchemas })) {
    it(`${name}: accepts what zod accepts with the same output, and refuses what zod refuses`, () => {
      const shape = { ...built, ...answerShapesOf(portalAnswerSchemas) }[name]!;
      const parser = answerParser(shape);
      fc.assert(
        fc.property(fc.oneof(valuesOf(shape), changedValuesOf(shape)), (value) => {
          const ours = outcome(() => parser.parse(value));
          const zods = outcome(() => (schema as z.ZodType).parse(value));
          expect(ours).toEqual(zods);
        }),
        { numRuns: 300 },
      );
      // Generated answers that fit must fit (the generator is not only making refusals).
      fc.assert(
        fc.property(valuesOf(shape), (value) => {
          expect(outcome(() => parser.parse(value)).ok).toBe(true);
        }),
        { numRuns: 50 },
      );
    });
  }

  it('drops unknown keys and names the first thing that does not fit', () => {
    const gym = { ...kioskGym, internal: 'never shown' };
    const expected = kioskGym;
    expect(answers.gym.parse(gym)).toEqual(expected);
    expect(() => answers.gym.parse({ ...gym, country: 'FR' })).toThrow('Unexpected answer at country.');
    expect(() => answers.gym.parse({ ...gym, eventSettings: { classes: { taxRate: { taxRateId: 'x', name: 'VAT' } } } })).toThrow(
      'Unexpected answer at eventSettings.classes.taxRate.',
    );
    expect(() => answers.kioskEventPage.parse({ count: 1.5, next: null, previous: null, results: [] })).toThrow('Unexpected answer at count.');
    expect(() => answers.ok.parse([])).toThrow('Unexpected answer at its top.');
  });

  it('refuses to build a shape it could not read exactly', () => {
    expect(() => answerShapesOf({ notes: z.record(z.string(), z.string()) })).toThrow(/notes uses .*additionalProperties/);
    expect(() => answerShapesOf({ when: z.string().transform((s) => new Date(s)) })).toThrow();
    expect(unsupportedKeywords({ type: 'string', format: 'email' })).toEqual(['#/format without a pattern']);
    expect(unsupportedKeywords({ type: 'object', properties: { a: { type: 'string', minItems: 1 } as JsonShape } })).toEqual(['#/properties/a/minItems']);
  });
});
