import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  SALES_PORTAL_SLUG_PATTERN,
  localeOf,
  toZoned,
  type PortalAccentColor,
  type PortalPackage,
  type SalesPortal,
  type SalesPortalSettings,
} from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { billingPlans, demoGyms, gyms, packages, salesPortals, taxRates } from '../../db/schema';

/** Issue 18: the reads of the sales portal (the staff settings and the public portal). */

export type OpenPortal = {
  gymId: string;
  slug: string;
  title: string;
  country: 'US' | 'GB' | 'CA';
  timeZone: string;
  isTaxInclusive: boolean;
  logo: string | null;
  headline: string;
  introduction: string;
  accentColor: PortalAccentColor;
  allowPayAtDesk: boolean;
};

/** The enabled portal of a real gym by its slug (any case); demo gyms have none (spec 6). */
export async function findOpenPortal(db: DbOrTx, slug: string): Promise<OpenPortal | null> {
  if (!SALES_PORTAL_SLUG_PATTERN.test(slug.toLowerCase())) return null;
  const [row] = await db
    .select({
      gymId: gyms.id,
      slug: salesPortals.slug,
      title: gyms.title,
      country: gyms.country,
      timeZone: gyms.timeZone,
      isTaxInclusive: gyms.isTaxInclusive,
      logo: gyms.profilePicture,
      headline: salesPortals.headline,
      introduction: salesPortals.introduction,
      accentColor: salesPortals.accentColor,
      allowPayAtDesk: salesPortals.allowPayAtDesk,
      demoGymId: demoGyms.id,
    })
    .from(salesPortals)
    .innerJoin(gyms, eq(gyms.id, salesPortals.gymId))
    .leftJoin(demoGyms, eq(demoGyms.gymId, gyms.id))
    .where(and(sql`lower(${salesPortals.slug}) = lower(${slug})`, eq(salesPortals.isEnabled, true)));
  if (!row || row.demoGymId !== null) return null;
  const { demoGymId: _demo, ...portal } = row;
  return { ...portal, accentColor: portal.accentColor as PortalAccentColor };
}

/** The gym's portal whatever its state (the athlete app finds its own gym's), when enabled and not a demo gym. */
export async function findOpenPortalOfGym(db: DbOrTx, gymId: string): Promise<{ slug: string } | null> {
  const [row] = await db
    .select({ slug: salesPortals.slug, demoGymId: demoGyms.id })
    .from(salesPortals)
    .leftJoin(demoGyms, eq(demoGyms.gymId, salesPortals.gymId))
    .where(and(eq(salesPortals.gymId, gymId), eq(salesPortals.isEnabled, true)));
  return row && row.demoGymId === null ? { slug: row.slug } : null;
}

/** The packages a portal shows (or one of them), in portal order, each with its active billing plans in order. */
export async function portalPackages(db: DbOrTx, gymId: string, packageId?: string): Promise<PortalPackage[]> {
  const rows = await db
    .select({
      packageId: packages.id,
      name: packages.name,
      kind: packages.kind,
      category: packages.category,
      description: packages.description,
      credits: packages.credits,
      sessionsLimit: packages.sessionsLimit,
      sessionsPer: packages.sessionsPer,
      validityDays: packages.validityDays,
      signUpFeeMinor: packages.signUpFeeMinor,
      taxPercent: taxRates.percent,
    })
    .from(packages)
    .leftJoin(taxRates, eq(taxRates.id, packages.taxRateId))
    .where(and(eq(packages.gymId, gymId), eq(packages.showInPortal, true), isNull(packages.archivedAt), packageId ? eq(packages.id, packageId) : undefined))
    .orderBy(asc(packages.portalOrder), asc(packages.name));
  if (rows.length === 0) return [];
  const plans = await db
    .select()
    .from(billingPlans)
    .where(
      and(
        inArray(
          billingPlans.packageId,
          rows.map((r) => r.packageId),
        ),
        isNull(billingPlans.archivedAt),
      ),
    )
    .orderBy(asc(billingPlans.position), asc(billingPlans.priceMinor), asc(billingPlans.name));
  return rows.map((r) => ({
    ...r,
    taxPercent: r.taxPercent === null ? null : Number(r.taxPercent),
    billingPlans: plans
      .filter((p) => p.packageId === r.packageId)
      .map((p) => ({
        billingPlanId: p.id,
        name: p.name,
        priceMinor: p.priceMinor,
        interval: p.interval,
        intervalCount: p.intervalCount,
        paymentCount: p.paymentCount,
        startsOn: p.startsOn,
        dayOfMonth: p.dayOfMonth,
        prorate: p.prorate,
      })),
  }));
}

/** The public answer of an open portal. */
export async function portalAnswer(db: DbOrTx, portal: OpenPortal, acceptsCards: boolean, now = new Date()): Promise<SalesPortal> {
  const l = localeOf(portal.country);
  return {
    slug: portal.slug,
    gym: { title: portal.title, country: portal.country, isTaxInclusive: portal.isTaxInclusive, timeZone: portal.timeZone, logo: portal.logo },
    currency: l.currency,
    amountLabel: l.amountLabel,
    taxLabel: l.taxLabel,
    headline: portal.headline,
    introduction: portal.introduction,
    accentColor: portal.accentColor,
    allowPayAtDesk: portal.allowPayAtDesk,
    acceptsCards,
    today: toZoned(now, portal.timeZone).date,
    packages: await portalPackages(db, portal.gymId),
  };
}

/** A slug suggested from the gym's title before the portal is first saved ("Iron Temple Barbell" -> iron-temple-barbell). */
export function suggestSlug(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return base.length >= 3 ? base : `${base || 'gym'}-portal`;
}

/** The settings screen: the saved portal (or the defaults) and every active package of the gym, shown ones first in order. */
export async function portalSettings(db: DbOrTx, gymId: string): Promise<SalesPortalSettings> {
  const [portal] = await db.select().from(salesPortals).where(eq(salesPortals.gymId, gymId));
  const [gym] = await db.select({ title: gyms.title }).from(gyms).where(eq(gyms.id, gymId));
  const rows = await db
    .select({
      packageId: packages.id,
      name: packages.name,
      kind: packages.kind,
      showInPortal: packages.showInPortal,
      portalOrder: packages.portalOrder,
    })
    .from(packages)
    .where(and(eq(packages.gymId, gymId), isNull(packages.archivedAt)))
    .orderBy(sql`${packages.showInPortal} desc`, asc(packages.portalOrder), asc(packages.name));
  const counts = await db
    .select({ packageId: billingPlans.packageId, n: sql<number>`count(*)::int` })
    .from(billingPlans)
    .where(and(eq(billingPlans.gymId, gymId), isNull(billingPlans.archivedAt)))
    .groupBy(billingPlans.packageId);
  const planCount = new Map(counts.map((c) => [c.packageId, c.n]));
  return {
    isEnabled: portal?.isEnabled ?? false,
    slug: portal?.slug ?? suggestSlug(gym?.title ?? ''),
    headline: portal?.headline ?? '',
    introduction: portal?.introduction ?? '',
    accentColor: (portal?.accentColor ?? 'blue') as PortalAccentColor,
    allowPayAtDesk: portal?.allowPayAtDesk ?? true,
    isSaved: portal !== undefined,
    packages: rows.map((r) => ({ ...r, billingPlanCount: planCount.get(r.packageId) ?? 0 })),
  };
}
