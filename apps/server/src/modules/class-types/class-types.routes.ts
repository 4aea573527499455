import type { FastifyInstance } from 'fastify';
import { endpoints, localeOf, minorToDecimal, setupMessages, toZoned, type ClassType, type GymCountry } from '@spotter/shared';
import { sendCsv, toCsv } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { exportFileName } from '../event-setup';
import { readClassDefaults } from '../gym-settings';
import { allClassTypes, findClassType, listClassTypes } from './class-types.repository';
import { archiveClassType, createClassType, deleteClassType, restoreClassType, updateClassType } from './class-types.service';

/** The CSV of class types: one line each, money as plain decimals a spreadsheet can sum, its currency in the header. */
export function classTypesCsv(types: ClassType[], country: GymCountry): string {
  const currency = localeOf(country).currency;
  const header = [
    'Name',
    'Colour',
    'Description',
    'Default duration (minutes)',
    'Default capacity',
    'Booking opens (days before)',
    'Booking closes (minutes before)',
    'Late cancel cut-off (minutes before)',
    'Waitlist',
    'Waitlist size',
    'Promotion cut-off (minutes before)',
    `Late cancel fee (${currency})`,
    `No-show fee (${currency})`,
    'Late cancel credits',
    'No-show credits',
    'Tax rate',
    'Status',
    'Classes to come',
  ];
  const rows = types.map((t) => [
    t.name,
    t.color,
    t.description,
    t.defaultDurationMinutes,
    t.defaultCapacity,
    t.bookingOpensDays ?? 'Any time',
    t.bookingClosesMinutes,
    t.lateCancelCutoffMinutes,
    t.waitlistEnabled ? 'On' : 'Off',
    t.waitlistEnabled ? (t.waitlistSize ?? 'No limit') : '',
    t.promotionCutoffMinutes,
    minorToDecimal(t.cancellationFeeMinor),
    minorToDecimal(t.noShowFeeMinor),
    t.cancellationCreditDeduction,
    t.noShowCreditDeduction,
    t.taxRate?.name ?? "Gym's class tax rate",
    t.isArchived ? 'Archived' : 'Active',
    t.upcomingCount,
  ]);
  return toCsv(header, rows);
}

/** Issue 16, spec 2.7 `/events/classes`. */
export async function classTypesRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };

  const read = async (gymId: string, id: string) => {
    const type = await findClassType(db, gymId, id);
    if (!type) throw notFound(setupMessages.classTypeNotFound);
    return type;
  };

  route(app, endpoints.classTypes, async (request) => {
    const { gym } = gymCaller(request);
    return pageOf(request, request.query, await listClassTypes(db, gym.gymId, request.query));
  });

  route(app, endpoints.classTypesCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    const types = await allClassTypes(db, gym.gymId, request.query);
    return sendCsv(reply, exportFileName('class-types', request.query.status, toZoned(new Date(), gym.timeZone).date), classTypesCsv(types, gym.country));
  });

  route(app, endpoints.classTypeDefaults, async (request) => readClassDefaults(db, gymCaller(request).gym.gymId));

  route(app, endpoints.classType, async (request) => read(gymCaller(request).gym.gymId, request.params.classTypeId));

  route(app, endpoints.createClassType, async (request, reply) => {
    const { gym } = gymCaller(request);
    const id = await createClassType(ctx, gym.gymId, request.body);
    reply.status(201);
    return read(gym.gymId, id);
  });

  route(app, endpoints.updateClassType, async (request) => {
    const { gym } = gymCaller(request);
    const eventsUpdated = await updateClassType(ctx, gym.gymId, request.params.classTypeId, request.body);
    return { classType: await read(gym.gymId, request.params.classTypeId), eventsUpdated };
  });

  route(app, endpoints.archiveClassType, async (request) => {
    const { gym } = gymCaller(request);
    await archiveClassType(ctx, gym.gymId, request.params.classTypeId);
    return read(gym.gymId, request.params.classTypeId);
  });

  route(app, endpoints.restoreClassType, async (request) => {
    const { gym } = gymCaller(request);
    await restoreClassType(ctx, gym.gymId, request.params.classTypeId);
    return read(gym.gymId, request.params.classTypeId);
  });

  route(app, endpoints.deleteClassType, async (request) => {
    const { gym } = gymCaller(request);
    await deleteClassType(ctx, gym.gymId, request.params.classTypeId);
    return { detail: 'Class type deleted.' };
  });
}
