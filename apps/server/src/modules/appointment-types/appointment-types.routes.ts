import type { FastifyInstance } from 'fastify';
import { endpoints, localeOf, minorToDecimal, setupMessages, toZoned, type AppointmentType, type GymCountry } from '@spotter/shared';
import { sendCsv, toCsv } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { exportFileName } from '../event-setup';
import { allAppointmentTypes, findAppointmentType, listAppointmentTypes } from './appointment-types.repository';
import {
  archiveAppointmentType,
  createAppointmentType,
  deleteAppointmentType,
  restoreAppointmentType,
  updateAppointmentType,
} from './appointment-types.service';

/** The CSV of appointment types: one line each, money as plain decimals, its currency in the header. */
export function appointmentTypesCsv(types: AppointmentType[], country: GymCountry): string {
  const currency = localeOf(country).currency;
  const header = [
    'Name',
    'Colour',
    'Description',
    'Duration (minutes)',
    `Price (${currency})`,
    'Buffer (minutes)',
    'Capacity',
    'Coaches',
    'Late cancel cut-off (minutes before)',
    `Late cancel fee (${currency})`,
    `No-show fee (${currency})`,
    'Late cancel credits',
    'No-show credits',
    'Tax rate',
    'Status',
    'Appointments to come',
  ];
  const rows = types.map((t) => [
    t.name,
    t.color,
    t.description,
    t.durationMinutes,
    minorToDecimal(t.priceMinor),
    t.bufferMinutes,
    t.capacity,
    t.coaches.map((c) => c.fullName).join(', '),
    t.lateCancelCutoffMinutes,
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

/** Issue 16, spec 2.7 `/events/appointments`. */
export async function appointmentTypesRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };

  const read = async (gymId: string, id: string) => {
    const type = await findAppointmentType(db, gymId, id);
    if (!type) throw notFound(setupMessages.appointmentTypeNotFound);
    return type;
  };

  route(app, endpoints.appointmentTypes, async (request) => {
    const { gym } = gymCaller(request);
    return pageOf(request, request.query, await listAppointmentTypes(db, gym.gymId, request.query));
  });

  route(app, endpoints.appointmentTypesCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    const types = await allAppointmentTypes(db, gym.gymId, request.query);
    const name = exportFileName('appointment-types', request.query.status, toZoned(new Date(), gym.timeZone).date);
    return sendCsv(reply, name, appointmentTypesCsv(types, gym.country));
  });

  route(app, endpoints.appointmentType, async (request) => read(gymCaller(request).gym.gymId, request.params.appointmentTypeId));

  route(app, endpoints.createAppointmentType, async (request, reply) => {
    const { gym } = gymCaller(request);
    const id = await createAppointmentType(ctx, gym.gymId, request.body);
    reply.status(201);
    return read(gym.gymId, id);
  });

  route(app, endpoints.updateAppointmentType, async (request) => {
    const { gym } = gymCaller(request);
    const eventsUpdated = await updateAppointmentType(ctx, gym.gymId, request.params.appointmentTypeId, request.body);
    return { appointmentType: await read(gym.gymId, request.params.appointmentTypeId), eventsUpdated };
  });

  route(app, endpoints.archiveAppointmentType, async (request) => {
    const { gym } = gymCaller(request);
    await archiveAppointmentType(ctx, gym.gymId, request.params.appointmentTypeId);
    return read(gym.gymId, request.params.appointmentTypeId);
  });

  route(app, endpoints.restoreAppointmentType, async (request) => {
    const { gym } = gymCaller(request);
    await restoreAppointmentType(ctx, gym.gymId, request.params.appointmentTypeId);
    return read(gym.gymId, request.params.appointmentTypeId);
  });

  route(app, endpoints.deleteAppointmentType, async (request) => {
    const { gym } = gymCaller(request);
    await deleteAppointmentType(ctx, gym.gymId, request.params.appointmentTypeId);
    return { detail: 'Appointment type deleted.' };
  });
}
