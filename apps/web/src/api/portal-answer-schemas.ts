import { salesPortalSchema } from '@spotter/shared';

/**
 * Issue 18: the public sales portal's answers read without zod (decision 014). The portal is a first screen of its own
 * (a phone, logged out), so its shapes are a module of their own (virtual:portal-answer-shapes): only its page loads them.
 */
export const portalAnswerSchemas = {
  salesPortal: salesPortalSchema,
};
