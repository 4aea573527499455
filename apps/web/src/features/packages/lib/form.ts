import {
  isValidName,
  messages,
  packageInputSchema,
  type BillingInterval,
  type BillingStart,
  type Package,
  type PackageInput,
  type PackageKind,
  type SessionPeriod,
} from '@spotter/shared';

type Whole = number | string;

export type PlanFormValues = {
  /** A stable key for the list while editing. */
  key: string;
  billingPlanId?: string;
  name: string;
  /** The price as typed, in the currency's units (12.50). */
  price: Whole;
  interval: BillingInterval;
  intervalCount: Whole;
  /** Until cancelled, or a number of payments. */
  paymentMode: 'open' | 'count';
  paymentCount: Whole;
  startsOn: BillingStart;
  dayOfMonth: Whole;
  prorate: boolean;
};

export type PackageFormValues = {
  name: string;
  kind: PackageKind;
  category: string;
  description: string;
  credits: Whole;
  /** A membership: unlimited, or N classes a week or month. */
  allowance: 'unlimited' | 'limited';
  sessionsLimit: Whole;
  sessionsPer: SessionPeriod;
  validityDays: Whole;
  limitPerDay: Whole;
  limitPerWeek: Whole;
  coversAllClassTypes: boolean;
  classTypeIds: string[];
  coversAllAppointmentTypes: boolean;
  appointmentTypeIds: string[];
  signUpFee: Whole;
  taxRateId: string;
  familySharing: boolean;
  showInPortal: boolean;
  portalOrder: Whole;
  cancellationNoticeDays: Whole;
  billingPlans: PlanFormValues[];
};

export const NO_TAX_RATE = 'none';

let planSerial = 0;
export const planKey = () => `plan-${++planSerial}`;

export function newPlanValues(o: Partial<PlanFormValues> = {}): PlanFormValues {
  return {
    key: planKey(),
    name: '',
    price: '',
    interval: 'month',
    intervalCount: 1,
    paymentMode: 'open',
    paymentCount: 12,
    startsOn: 'purchase',
    dayOfMonth: 1,
    prorate: true,
    ...o,
  };
}

export function newPackageValues(): PackageFormValues {
  return {
    name: '',
    kind: 'membership',
    category: '',
    description: '',
    credits: '',
    allowance: 'unlimited',
    sessionsLimit: 3,
    sessionsPer: 'week',
    validityDays: '',
    limitPerDay: '',
    limitPerWeek: '',
    coversAllClassTypes: true,
    classTypeIds: [],
    coversAllAppointmentTypes: false,
    appointmentTypeIds: [],
    signUpFee: 0,
    taxRateId: NO_TAX_RATE,
    familySharing: false,
    showInPortal: false,
    portalOrder: 0,
    cancellationNoticeDays: 0,
    billingPlans: [newPlanValues({ name: 'Monthly' })],
  };
}

const fromMinor = (minor: number) => minor / 100;

export function packageValues(p: Package): PackageFormValues {
  return {
    name: p.name,
    kind: p.kind,
    category: p.category,
    description: p.description,
    credits: p.credits ?? '',
    allowance: p.sessionsLimit === null ? 'unlimited' : 'limited',
    sessionsLimit: p.sessionsLimit ?? 3,
    sessionsPer: p.sessionsPer ?? 'week',
    validityDays: p.validityDays ?? '',
    limitPerDay: p.limitPerDay ?? '',
    limitPerWeek: p.limitPerWeek ?? '',
    coversAllClassTypes: p.coversAllClassTypes,
    classTypeIds: p.classTypeIds,
    coversAllAppointmentTypes: p.coversAllAppointmentTypes,
    appointmentTypeIds: p.appointmentTypeIds,
    signUpFee: fromMinor(p.signUpFeeMinor),
    taxRateId: p.taxRate?.taxRateId ?? NO_TAX_RATE,
    familySharing: p.familySharing,
    showInPortal: p.showInPortal,
    portalOrder: p.portalOrder,
    cancellationNoticeDays: p.cancellationNoticeDays,
    billingPlans: p.billingPlans.map((b) => ({
      key: planKey(),
      billingPlanId: b.billingPlanId,
      name: b.name,
      price: fromMinor(b.priceMinor),
      interval: b.interval,
      intervalCount: b.intervalCount,
      paymentMode: b.paymentCount === null ? 'open' : 'count',
      paymentCount: b.paymentCount ?? 12,
      startsOn: b.startsOn,
      dayOfMonth: b.dayOfMonth ?? 1,
      prorate: b.prorate,
    })),
  };
}

/** An empty box is no number (the schema then says 'Enter a whole number.'); an optional one is null. */
const num = (v: Whole): number => (v === '' ? Number.NaN : Number(v));
const orNull = (v: Whole): number | null => (v === '' ? null : Number(v));
/** Money typed in units as integer minor units (12.5 -> 1250); not a number stays NaN for the schema to refuse. */
export const toMinor = (v: Whole): number => (v === '' ? Number.NaN : Math.round(Number(v) * 100));

/** What the form sends: only the fields that mean something for the kind chosen. */
export function toPackageInput(v: PackageFormValues): PackageInput {
  const isMembership = v.kind === 'membership';
  const limited = isMembership && v.allowance === 'limited';
  return {
    name: v.name.trim(),
    kind: v.kind,
    category: v.category.trim(),
    description: v.description,
    credits: isMembership ? null : v.kind === 'drop_in' ? 1 : orNull(v.credits),
    sessionsLimit: limited ? num(v.sessionsLimit) : null,
    sessionsPer: limited ? v.sessionsPer : null,
    validityDays: orNull(v.validityDays),
    limitPerDay: orNull(v.limitPerDay),
    limitPerWeek: orNull(v.limitPerWeek),
    coversAllClassTypes: v.coversAllClassTypes,
    classTypeIds: v.coversAllClassTypes ? [] : v.classTypeIds,
    coversAllAppointmentTypes: v.coversAllAppointmentTypes,
    appointmentTypeIds: v.coversAllAppointmentTypes ? [] : v.appointmentTypeIds,
    signUpFeeMinor: toMinor(v.signUpFee === '' ? 0 : v.signUpFee),
    taxRateId: v.taxRateId === NO_TAX_RATE ? null : v.taxRateId,
    familySharing: v.familySharing,
    showInPortal: v.showInPortal,
    portalOrder: num(v.portalOrder),
    cancellationNoticeDays: num(v.cancellationNoticeDays),
    billingPlans: v.billingPlans.map((b) => ({
      ...(b.billingPlanId ? { billingPlanId: b.billingPlanId } : {}),
      name: b.name.trim(),
      priceMinor: toMinor(b.price),
      interval: b.interval,
      intervalCount: num(b.intervalCount),
      paymentCount: b.paymentMode === 'open' ? null : num(b.paymentCount),
      startsOn: b.startsOn,
      dayOfMonth: b.startsOn === 'day_of_month' ? num(b.dayOfMonth) : null,
      prorate: b.prorate,
    })),
  };
}

/** The API's field names on the form's (money in minor units there, in units here). */
const formFieldOf: Record<string, string> = { signUpFeeMinor: 'signUpFee', priceMinor: 'price' };

/** An issue's path on the form: billingPlans.1.priceMinor -> billingPlans.1.price. */
export function formField(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  return parts.map((p) => formFieldOf[p] ?? p).join('.');
}

/** The rules of packages/shared (the server's own) on the form's fields; spec 5's name rule for a new name only. */
export function validatePackageForm(values: PackageFormValues, savedName?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = packageInputSchema.safeParse(toPackageInput(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[formField(issue.path) || 'name'] ??= issue.message;
  }
  const name = values.name.trim();
  if (!errors.name && name !== savedName && !isValidName(name)) errors.name = messages.nameInvalid;
  return errors;
}
