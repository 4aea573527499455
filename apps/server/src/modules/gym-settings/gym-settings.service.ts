import { and, eq } from 'drizzle-orm';
import {
  classDefaultsSchema,
  defaultClassDefaults,
  defaultKioskSettings,
  gymSettingsMessages,
  isValidZipCode,
  kioskSettingsSchema,
  messages,
  regionsOf,
  zipCodeMessages,
  type ClassDefaults,
  type EmailIdentityInput,
  type GymPayrollSettingsInput,
  type GymProfileSettingsInput,
  type GymRegionSettingsInput,
  type GymSettings,
  type GymTaxSettingsInput,
  type KioskSettings,
} from '@spotter/shared';
import { normalizePhone, phoneCountry } from '@spotter/shared/phone';
import type { DbOrTx } from '../../db/client';
import { demoGyms, gyms, taxRates } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { badRequest, fieldError, notFound } from '../../lib/http-error';
import { addressOf } from '../../lib/mailer';

/**
 * Issue 22 (decision 036): the gym's settings, each section written on its own under GymMutate. Every write is one
 * transaction that publishes the gym's change (its kept reads drop) and, where the session's copy of the gym changes
 * (title, country, time zone), its sessions' change. A refused write changes nothing.
 */

/** A jsonb section read back: the stored value checked against its schema, else the defaults (never a broken page). */
function sectionOf<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, value: unknown, fallback: T): T {
  const parsed = schema.safeParse({ ...(fallback as object), ...((value as object | null) ?? {}) });
  return parsed.success ? parsed.data : fallback;
}

export const classDefaultsOf = (value: unknown): ClassDefaults => sectionOf<ClassDefaults>(classDefaultsSchema, value, defaultClassDefaults);
export const kioskSettingsOf = (value: unknown): KioskSettings => sectionOf<KioskSettings>(kioskSettingsSchema, value, defaultKioskSettings);

/** The whole settings of the gym (the GET answer and every PUT's answer). */
export async function readGymSettings(db: DbOrTx, gymId: string, mailFrom: string): Promise<GymSettings> {
  const [row] = await db
    .select({
      gym: gyms,
      taxRateId: taxRates.id,
      taxRateName: taxRates.name,
      taxRatePercent: taxRates.percent,
      demoId: demoGyms.id,
    })
    .from(gyms)
    .leftJoin(taxRates, and(eq(taxRates.id, gyms.classTaxRateId), eq(taxRates.gymId, gyms.id)))
    .leftJoin(demoGyms, eq(demoGyms.gymId, gyms.id))
    .where(eq(gyms.id, gymId));
  if (!row) throw notFound();
  const g = row.gym;
  return {
    gymId: g.id,
    title: g.title,
    email: g.email ?? '',
    phone: g.phone,
    address: { addressLines: g.addressLines, locality: g.locality, region: g.region, zipCode: g.zipCode },
    profilePicture: g.profilePicture,
    country: g.country,
    timeZone: g.timeZone,
    isTaxInclusive: g.isTaxInclusive,
    classTaxRate: row.taxRateId ? { taxRateId: row.taxRateId, name: row.taxRateName!, percent: row.taxRatePercent! } : null,
    classDefaults: classDefaultsOf(g.classDefaults),
    kiosk: kioskSettingsOf(g.kioskSettings),
    payroll: { payCancelledClasses: g.payCancelledClasses },
    emailIdentity: { senderName: g.senderName, replyTo: g.replyTo, fromAddress: addressOf(mailFrom) },
    isDemo: row.demoId !== null,
  };
}

/** What a new class type starts with (GET /api/class-types/defaults/: the class-type form's initial values). */
export async function readClassDefaults(db: DbOrTx, gymId: string): Promise<ClassDefaults> {
  const [row] = await db.select({ value: gyms.classDefaults }).from(gyms).where(eq(gyms.id, gymId));
  return classDefaultsOf(row?.value);
}

/** The kiosk's settings of the gym (GET /api/kiosk/settings/ and the walk-in rule). */
export async function readKioskSettings(db: DbOrTx, gymId: string): Promise<KioskSettings> {
  const [row] = await db.select({ kiosk: gyms.kioskSettings }).from(gyms).where(eq(gyms.id, gymId));
  return kioskSettingsOf(row?.kiosk);
}

async function lockGym(tx: DbOrTx, gymId: string) {
  const [row] = await tx.select().from(gyms).where(eq(gyms.id, gymId)).for('update');
  if (!row) throw notFound();
  return row;
}

type FieldErrors = Record<string, string[]>;
const refuse = (fields: FieldErrors) => {
  const first = Object.values(fields)[0]![0]!;
  return badRequest(first, 'validation_error', fields);
};

/** Profile: title, email, phone (the gym's country's numbering, stored as digits) and address (its regions, postcodes). */
export async function updateProfileSettings(ctx: WriteContext, gymId: string, input: GymProfileSettingsInput): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const gym = await lockGym(tx, gymId);
    const fields: FieldErrors = {};
    const add = (field: string, message: string) => (fields[field] ??= []).push(message);
    const phone = normalizePhone(input.phone, phoneCountry(gym.country));
    if (phone === null) add('phone', messages.phoneInvalid);
    const { region, zipCode } = input.address;
    if (region !== '' && !regionsOf(gym.country).includes(region)) add('address.region', gymSettingsMessages.regionInvalid);
    if (zipCode !== '' && !isValidZipCode(gym.country, zipCode)) add('address.zipCode', zipCodeMessages[gym.country]);
    if (Object.keys(fields).length > 0) throw refuse(fields);
    await tx
      .update(gyms)
      .set({
        title: input.title,
        email: input.email === '' ? null : input.email.toLowerCase(),
        phone: phone!,
        addressLines: input.address.addressLines.filter((l) => l !== ''),
        locality: input.address.locality,
        region,
        zipCode: zipCode.toUpperCase(),
      })
      .where(eq(gyms.id, gymId));
    await publish({ kind: 'gym', gymId });
    if (gym.title !== input.title) await publish({ kind: 'sessions', gymId });
  });
}

/**
 * Region: the country (a change clears the address's region and postcode, which belong to the old country: spec 5)
 * and the time zone. Nothing booked moves: events are instants; the zone only changes how they are shown.
 */
export async function updateRegionSettings(ctx: WriteContext, gymId: string, input: GymRegionSettingsInput): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const gym = await lockGym(tx, gymId);
    const countryChanged = gym.country !== input.country;
    if (!countryChanged && gym.timeZone === input.timeZone) return;
    await tx
      .update(gyms)
      .set({ country: input.country, timeZone: input.timeZone, ...(countryChanged ? { region: '', zipCode: '' } : {}) })
      .where(eq(gyms.id, gymId));
    await publish({ kind: 'gym', gymId });
    await publish({ kind: 'sessions', gymId });
  });
}

/** Tax: prices tax-inclusive or not, and the classes' default tax rate (an active rate of the gym, or none). */
export async function updateTaxSettings(ctx: WriteContext, gymId: string, input: GymTaxSettingsInput): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockGym(tx, gymId);
    if (input.classTaxRateId !== null) {
      const [rate] = await tx
        .select({ id: taxRates.id })
        .from(taxRates)
        .where(and(eq(taxRates.id, input.classTaxRateId), eq(taxRates.gymId, gymId), eq(taxRates.isActive, true)));
      if (!rate) throw fieldError('classTaxRateId', gymSettingsMessages.taxRateUnknown);
    }
    await tx.update(gyms).set({ isTaxInclusive: input.isTaxInclusive, classTaxRateId: input.classTaxRateId }).where(eq(gyms.id, gymId));
    await publish({ kind: 'gym', gymId });
  });
}

export async function updateClassDefaults(ctx: WriteContext, gymId: string, input: ClassDefaults): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockGym(tx, gymId);
    // A waitlist that is off has no size (the class-type form's rule).
    const value: ClassDefaults = { ...input, waitlistSize: input.waitlistEnabled ? input.waitlistSize : null };
    await tx.update(gyms).set({ classDefaults: value }).where(eq(gyms.id, gymId));
    await publish({ kind: 'gym', gymId });
  });
}

export async function updateKioskSettings(ctx: WriteContext, gymId: string, input: KioskSettings): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockGym(tx, gymId);
    await tx.update(gyms).set({ kioskSettings: input }).where(eq(gyms.id, gymId));
    await publish({ kind: 'gym', gymId });
  });
}

/** Payroll (issue 37): whether cancelled classes are paid (the payroll report reads it). */
export async function updatePayrollSettings(ctx: WriteContext, gymId: string, input: GymPayrollSettingsInput): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockGym(tx, gymId);
    await tx.update(gyms).set({ payCancelledClasses: input.payCancelledClasses }).where(eq(gyms.id, gymId));
    await publish({ kind: 'gym', gymId });
  });
}

/** Email identity (spec 5 sender rules, checked by the shared schema): mails go out as "{senderName}" with Reply-To. */
export async function updateEmailIdentity(ctx: WriteContext, gymId: string, input: EmailIdentityInput): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    await lockGym(tx, gymId);
    await tx.update(gyms).set({ senderName: input.senderName, replyTo: input.replyTo.toLowerCase() }).where(eq(gyms.id, gymId));
    await publish({ kind: 'gym', gymId });
  });
}
