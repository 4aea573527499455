import type { z } from 'zod';
import shapes from 'virtual:portal-answer-shapes';
import { answerParser, type JsonShape } from '../lib/answer-shape';
import type { portalAnswerSchemas } from './portal-answer-schemas';

type Schemas = typeof portalAnswerSchemas;

/** The sales portal's answer parsers, typed as their zod schemas' output (decision 014). */
export const portalAnswers = Object.fromEntries(Object.entries(shapes).map(([name, shape]) => [name, answerParser(shape as JsonShape)])) as {
  [K in keyof Schemas]: { parse: (body: unknown) => z.output<Schemas[K]> };
};
