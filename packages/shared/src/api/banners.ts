import { z } from 'zod';
import { pageSchema, uuidSchema } from './common';

export const bannerSchema = z.object({ bannerId: z.uuid(), title: z.string(), message: z.string() });
export type Banner = z.infer<typeof bannerSchema>;
export const bannerPageSchema = pageSchema(bannerSchema);
export const bannerIdParamsSchema = z.object({ bannerId: uuidSchema });
