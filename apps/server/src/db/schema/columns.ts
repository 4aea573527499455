import { bigint } from 'drizzle-orm/pg-core';

/**
 * An amount or a sum of amounts that can pass 2^31 minor units (decision 040: a line of 999 × 100,000.00, an invoice
 * of up to 1,000,000,000.00): bigint in SQL, a JS number in code (the limits keep it far inside 2^53).
 */
export const money = () => bigint({ mode: 'number' });
