import type { z } from 'zod';
import shapes from 'virtual:answer-shapes';
import { answerParser, type AnswerShape, type JsonShape } from '../lib/answer-shape';
import type { answerSchemas } from './answer-schemas';

type Schemas = typeof answerSchemas;

/** Each answer's parser, typed as its zod schema's output (decision 014). */
export const answers = Object.fromEntries(Object.entries(shapes).map(([name, shape]) => [name, answerParser(shape as JsonShape)])) as {
  [K in keyof Schemas]: { parse: (body: unknown) => z.output<Schemas[K]> };
};

export type { AnswerShape };
