import { access } from '../access';
import { csvAnswerSchema } from '../api/event-setup';
import { idParamsSchema } from '../api/common';
import {
  athleteMessagesQuerySchema,
  messageDetailSchema,
  messageListFilterSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageParamsSchema,
  messageTemplateDetailSchema,
  messageTemplateInputSchema,
  messageTemplateListSchema,
  messageTemplateParamsSchema,
  renderedMessageSchema,
  testSendAnswerSchema,
} from '../api/messages';
import { defineEndpoint } from '../endpoint';

const tags = ['messages'];

/**
 * Issue 22 (decision 036): the message templates of every mail the product sends (`/flows/templates`: FlowView to see,
 * FlowMutate to change, spec 6) and the gym's message log.
 */
export const messagesEndpoints = {
  messageTemplates: defineEndpoint({
    method: 'GET',
    path: '/api/message-templates/',
    access: access.flowView,
    tags,
    summary: 'Every message template, with whether the gym has its own wording',
    answers: { 200: messageTemplateListSchema },
  }),
  messageTemplate: defineEndpoint({
    method: 'GET',
    path: '/api/message-templates/:kind/',
    access: access.flowView,
    tags,
    summary: "One template: the gym's wording (else the default), the default, and its merge fields",
    params: messageTemplateParamsSchema,
    answers: { 200: messageTemplateDetailSchema },
  }),
  updateMessageTemplate: defineEndpoint({
    method: 'PUT',
    path: '/api/message-templates/:kind/',
    access: access.flowMutate,
    tags,
    summary: "Save the gym's wording of a template (rich text sanitised; unknown merge fields refused)",
    params: messageTemplateParamsSchema,
    body: messageTemplateInputSchema,
    answers: { 200: messageTemplateDetailSchema },
  }),
  resetMessageTemplate: defineEndpoint({
    method: 'DELETE',
    path: '/api/message-templates/:kind/',
    access: access.flowMutate,
    tags,
    summary: 'Back to the default wording',
    params: messageTemplateParamsSchema,
    answers: { 200: messageTemplateDetailSchema },
  }),
  previewMessageTemplate: defineEndpoint({
    method: 'POST',
    path: '/api/message-templates/:kind/preview/',
    access: access.flowView,
    tags,
    summary: "A wording rendered with sample values, as the gym's mail would look (sender, reply-to, logo)",
    params: messageTemplateParamsSchema,
    body: messageTemplateInputSchema,
    answers: { 200: renderedMessageSchema },
  }),
  testSendMessageTemplate: defineEndpoint({
    method: 'POST',
    path: '/api/message-templates/:kind/test-send/',
    access: access.flowMutate,
    tags,
    summary: "Send a wording, with sample values, to the caller's own email through the outbox",
    params: messageTemplateParamsSchema,
    body: messageTemplateInputSchema,
    answers: { 201: testSendAnswerSchema },
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/messages/',
    access: access.flowView,
    tags,
    summary: "The gym's message log: what was sent to whom, its state and retries (server-paged, filtered, searched)",
    query: messageListQuerySchema,
    answers: { 200: messagePageSchema },
  }),
  messagesCsv: defineEndpoint({
    method: 'GET',
    path: '/api/messages/csv/',
    budget: 'long',
    access: access.flowView,
    tags,
    summary: 'The message log, filtered as the list is, as CSV',
    query: messageListFilterSchema,
    answers: { 200: csvAnswerSchema },
  }),
  message: defineEndpoint({
    method: 'GET',
    path: '/api/messages/:messageId/',
    access: access.flowView,
    tags,
    summary: 'One mail as sent (a one-time link is not kept once sent)',
    params: messageParamsSchema,
    answers: { 200: messageDetailSchema },
  }),
  athleteMessages: defineEndpoint({
    method: 'GET',
    path: '/api/athletes/:athleteId/messages/',
    access: access.staffAthleteView,
    tags,
    summary: "The mails sent to an athlete's address (or their parents' and guardians'), newest first",
    params: idParamsSchema('athleteId'),
    query: athleteMessagesQuerySchema,
    answers: { 200: messagePageSchema },
  }),
};
