import { access } from '../access';
import { idParamsSchema } from '../api/common';
import { appointmentSchema, kiloClassPreviewPageSchema, kiloClassSchema, kiloClassesQuerySchema, taxRatePageSchema, taxRatesQuerySchema } from '../api/events';
import { defineEndpoint } from '../endpoint';

const tags = ['events'];

/** Spec 7.3: classes, appointments and tax rates as the kiosk's dialogs read them. */
export const eventsEndpoints = {
  classPreview: defineEndpoint({
    method: 'GET',
    path: '/api/kilo-classes/',
    access: access.kiosk,
    tags,
    summary:
      'Bulk-reservation preview: classes between start and end on the weekdays (1 = Sunday .. 7 = Saturday) at a start time, of a type, at a location (None: no location)',
    query: kiloClassesQuerySchema,
    answers: { 200: kiloClassPreviewPageSchema },
  }),
  kiloClass: defineEndpoint({
    method: 'GET',
    path: '/api/kilo-classes/:kiloClassId/',
    access: access.kiosk,
    tags,
    summary: 'A class with its fee settings, tax rate and the reservations holding a place',
    params: idParamsSchema('kiloClassId'),
    answers: { 200: kiloClassSchema },
  }),
  appointment: defineEndpoint({
    method: 'GET',
    path: '/api/appointments/:appointmentId/',
    access: access.kiosk,
    tags,
    summary: 'An appointment with its type, cancellation settings and the reservations holding a place',
    params: idParamsSchema('appointmentId'),
    answers: { 200: appointmentSchema },
  }),
  taxRates: defineEndpoint({
    method: 'GET',
    path: '/api/tax-rates/',
    access: access.kiosk,
    tags,
    summary: "The gym's active tax rates, searched by name (charge dialog)",
    query: taxRatesQuerySchema,
    answers: { 200: taxRatePageSchema },
  }),
};
