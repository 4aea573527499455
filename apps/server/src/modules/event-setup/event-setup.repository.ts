import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staff, taxRates } from '../../db/schema';
import { fullName } from '../../lib/sql-text';

/** The gym's active tax rates and its coaches, by name: the choices of the class and appointment type forms. */
export async function eventSetupOptions(db: DbOrTx, gymId: string) {
  const rates = await db
    .select({ taxRateId: taxRates.id, name: taxRates.name, percent: taxRates.percent })
    .from(taxRates)
    .where(and(eq(taxRates.gymId, gymId), eq(taxRates.isActive, true)))
    .orderBy(asc(taxRates.name), asc(taxRates.id));
  const coaches = await db
    .select({ staffId: staff.id, fullName: fullName(staff) })
    .from(staff)
    .where(and(eq(staff.gymId, gymId), eq(staff.isCoach, true)))
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
  return { taxRates: rates.map((r) => ({ ...r, percent: String(Number(r.percent)) })), coaches };
}
