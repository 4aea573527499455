import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { endpoints } from '@spotter/shared';
import { staff, taxRates } from '../../db/schema';
import { route } from '../../lib/route';
import { fullName } from '../../lib/sql-text';
import { gymCaller } from '../../plugins/access';

/** Issue 16: the choices of the class and appointment type forms (spec 6: no permission, unlike the kiosk's tax rates). */
export async function eventSetupRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, endpoints.eventSetupOptions, async (request) => {
    const { gym } = gymCaller(request);
    const rates = await db
      .select({ taxRateId: taxRates.id, name: taxRates.name, percent: taxRates.percent })
      .from(taxRates)
      .where(and(eq(taxRates.gymId, gym.gymId), eq(taxRates.isActive, true)))
      .orderBy(asc(taxRates.name), asc(taxRates.id));
    const coaches = await db
      .select({ staffId: staff.id, fullName: fullName(staff) })
      .from(staff)
      .where(and(eq(staff.gymId, gym.gymId), eq(staff.isCoach, true)))
      .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
    return { taxRates: rates.map((r) => ({ ...r, percent: String(Number(r.percent)) })), coaches };
  });
}
