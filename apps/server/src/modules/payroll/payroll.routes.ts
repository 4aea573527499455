import type { FastifyInstance } from 'fastify';
import { endpoints, hasPermission, payrollMessages } from '@spotter/shared';
import { sendCsv } from '../../lib/csv';
import { forbidden, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { payrollLinesCsv, payrollReport, payrollSummaryCsv } from './payroll-report';
import {
  findAssignment,
  findPayRate,
  findWorkEntry,
  listAssignments,
  listPayRates,
  listWorkCategories,
  listWorkEntries,
  payrollOptions,
} from './payroll.repository';
import {
  createAssignment,
  createPayRate,
  createWorkCategory,
  createWorkEntry,
  deleteAssignment,
  deletePayRate,
  deleteWorkEntry,
  reviewWorkEntry,
  setPayRateArchived,
  updatePayRate,
  updateWorkEntry,
} from './payroll.service';

/** Issue 37 (decision 044): `/payroll/*` and `/log-work`. */
export async function payrollRoutes(app: FastifyInstance) {
  const { db } = app;

  const readRate = async (gymId: string, id: string) => {
    const rate = await findPayRate(db, gymId, id);
    if (!rate) throw notFound(payrollMessages.rateNotFound);
    return rate;
  };
  const readEntry = async (gymId: string, id: string, staffId: string | null) => {
    const entry = await findWorkEntry(db, gymId, id, staffId);
    if (!entry) throw notFound(payrollMessages.entryNotFound);
    return entry;
  };

  route(app, endpoints.payRates, async (request) => {
    const { gym } = gymCaller(request);
    return { results: await listPayRates(db, gym.gymId, request.query.status) };
  });
  route(app, endpoints.createPayRate, async (request, reply) => {
    const { gym } = gymCaller(request);
    const id = await createPayRate(db, gym.gymId, request.body);
    reply.status(201);
    return readRate(gym.gymId, id);
  });
  route(app, endpoints.updatePayRate, async (request) => {
    const { gym } = gymCaller(request);
    await updatePayRate(db, gym.gymId, request.params.payRateId, request.body);
    return readRate(gym.gymId, request.params.payRateId);
  });
  route(app, endpoints.archivePayRate, async (request) => {
    const { gym } = gymCaller(request);
    await setPayRateArchived(db, gym.gymId, request.params.payRateId, true);
    return readRate(gym.gymId, request.params.payRateId);
  });
  route(app, endpoints.restorePayRate, async (request) => {
    const { gym } = gymCaller(request);
    await setPayRateArchived(db, gym.gymId, request.params.payRateId, false);
    return readRate(gym.gymId, request.params.payRateId);
  });
  route(app, endpoints.deletePayRate, async (request) => {
    const { gym } = gymCaller(request);
    await deletePayRate(db, gym.gymId, request.params.payRateId);
    return { detail: 'Deleted.' };
  });

  route(app, endpoints.payrollOptions, async (request) => payrollOptions(db, gymCaller(request).gym.gymId));

  route(app, endpoints.payAssignments, async (request) => {
    const { gym } = gymCaller(request);
    return { results: await listAssignments(db, gym.gymId, request.query.staffId) };
  });
  route(app, endpoints.createPayAssignment, async (request, reply) => {
    const caller = gymCaller(request);
    const id = await createAssignment(db, caller.gym.gymId, request.body, caller.profileId);
    reply.status(201);
    const created = await findAssignment(db, caller.gym.gymId, id);
    if (!created) throw notFound(payrollMessages.assignmentNotFound);
    return created;
  });
  route(app, endpoints.deletePayAssignment, async (request) => {
    const { gym } = gymCaller(request);
    await deleteAssignment(db, gym.gymId, request.params.assignmentId);
    return { detail: 'Deleted.' };
  });

  route(app, endpoints.workCategories, async (request) => ({ results: await listWorkCategories(db, gymCaller(request).gym.gymId) }));
  route(app, endpoints.createWorkCategory, async (request, reply) => {
    const { gym } = gymCaller(request);
    const id = await createWorkCategory(db, gym.gymId, request.body.name);
    reply.status(201);
    const created = (await listWorkCategories(db, gym.gymId)).find((c) => c.workCategoryId === id)!;
    return created;
  });

  route(app, endpoints.workEntries, async (request) => {
    const caller = gymCaller(request);
    const { scope, status, from, to } = request.query;
    if (scope === 'all' && !hasPermission({ role: caller.role, staff: { permissions: caller.permissions } }, 'PayrollMutate')) throw forbidden();
    if (scope === 'mine' && !caller.staffId) return { results: [] };
    const staffId = scope === 'mine' ? caller.staffId! : undefined;
    return { results: await listWorkEntries(db, caller.gym.gymId, { staffId, status, from, to }, caller.staffId) };
  });
  const writer = (request: Parameters<typeof gymCaller>[0]) => {
    const caller = gymCaller(request);
    return { gymId: caller.gym.gymId, timeZone: caller.gym.timeZone, staffId: caller.staffId };
  };
  route(app, endpoints.createWorkEntry, async (request, reply) => {
    const w = writer(request);
    const id = await createWorkEntry(db, w, request.body);
    reply.status(201);
    return readEntry(w.gymId, id, w.staffId);
  });
  route(app, endpoints.updateWorkEntry, async (request) => {
    const w = writer(request);
    await updateWorkEntry(db, w, request.params.workEntryId, request.body);
    return readEntry(w.gymId, request.params.workEntryId, w.staffId);
  });
  route(app, endpoints.deleteWorkEntry, async (request) => {
    await deleteWorkEntry(db, writer(request), request.params.workEntryId);
    return { detail: 'Deleted.' };
  });
  route(app, endpoints.reviewWorkEntry, async (request) => {
    const caller = gymCaller(request);
    await reviewWorkEntry(db, caller.gym.gymId, request.params.workEntryId, request.body, caller.profileId);
    return readEntry(caller.gym.gymId, request.params.workEntryId, caller.staffId);
  });

  route(app, endpoints.payrollReport, async (request) => {
    const { gym } = gymCaller(request);
    return payrollReport(db, gym, request.query);
  });
  // A staff member's own lines and totals (issue 37): the report narrowed to the caller, whatever their permissions.
  route(app, endpoints.myPay, async (request) => {
    const caller = gymCaller(request);
    const { from, to } = request.query;
    if (!caller.staffId) return { from, to, row: null };
    const own = await payrollReport(db, caller.gym, { from, to, staffId: caller.staffId });
    return { from, to, row: own.rows.find((r) => r.staffId === caller.staffId) ?? null };
  });
  route(app, endpoints.payrollReportCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    const { view, ...query } = request.query;
    const report = await payrollReport(db, gym, query);
    const csv = view === 'lines' ? payrollLinesCsv(report) : payrollSummaryCsv(report);
    return sendCsv(reply, `payroll-${view}-${query.from}-to-${query.to}.csv`, csv);
  });
}
