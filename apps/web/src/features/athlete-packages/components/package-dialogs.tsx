import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Radio, Select, Skeleton, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import {
  addDays,
  athletePackageMessages,
  firstPeriod,
  formatDate,
  formatMoney,
  hasPermission,
  localeOf,
  noRefundMessages,
  packageKindLabels,
  paymentMethodLabel,
  saleCharges,
  saleTotals,
  unusedRefundWords,
  type AthletePackage,
  type CancelRefundPreview,
  type GymCountry,
  type PaymentMethodView,
} from '@spotter/shared';
import { isShown, shownMessage } from '../../../lib/api-client';
import { useCurrentSession } from '../../auth';
import { useAthletePaymentMethods } from '../../payment-methods';
import {
  useAdjustCredits,
  useCancelPackage,
  useCancelRefundPreview,
  useHoldPackage,
  useRenewPackage,
  useSellableCatalog,
  useSellPackage,
  type CatalogPlan,
} from '../api/athlete-packages';
import { LOAD_ERROR, useGymLocale } from './parts';
import { fieldRefusal } from '../../../lib/form-refusal';

type Locale = { country: GymCountry | null; today: string };

/** A date field in the gym's format (value and onChange in YYYY-MM-DD). */
function DateField({
  label,
  value,
  onChange,
  error,
  country,
  minDate,
}: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | null;
  country: GymCountry | null;
  minDate?: string;
}) {
  const { dateFormat, firstDayOfWeek } = localeOf(country);
  return (
    <DateInput
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      valueFormat={dateFormat}
      firstDayOfWeek={firstDayOfWeek}
      minDate={minDate}
      withAsterisk
      clearable={false}
    />
  );
}

const planLabel = (plan: CatalogPlan, country: GymCountry | null) => {
  if (plan.paymentCount === 1) return `${plan.name} — ${formatMoney(plan.priceMinor, country)}, one payment`;
  const every = plan.intervalCount === 1 ? plan.interval : `${plan.intervalCount} ${plan.interval}s`;
  return `${plan.name} — ${formatMoney(plan.priceMinor, country)} / ${every}${plan.paymentCount ? `, ${plan.paymentCount} payments` : ''}`;
};

/** The first charge of a plan bought on `start` (prorated on a fixed day of the month). */
export function firstChargeOf(plan: CatalogPlan & { prorate?: boolean }, start: string) {
  return firstPeriod(
    {
      interval: plan.interval,
      intervalCount: plan.intervalCount,
      paymentCount: plan.paymentCount,
      startsOn: plan.startsOn === 'day_of_month' ? 'day_of_month' : 'purchase',
      dayOfMonth: plan.dayOfMonth ?? null,
      prorate: plan.prorate ?? true,
      priceMinor: plan.priceMinor,
    },
    start,
  );
}

/** Sell or assign a package: its content mounts at each opening, so the idempotency key is made once per opening and reused on a retry. */
export function SellPackageDialog({ athleteId, opened, onClose, locale }: { athleteId: string; opened: boolean; onClose: () => void; locale: Locale }) {
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Sell or assign a package" size="lg">
      {opened && <SellForm athleteId={athleteId} onDone={onClose} locale={locale} />}
    </Modal>
  );
}

function SellForm({ athleteId, onDone, locale }: { athleteId: string; onDone: () => void; locale: Locale }) {
  const { country, today } = locale;
  const { isTaxInclusive } = useGymLocale();
  const { taxLabel } = localeOf(country);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const catalog = useSellableCatalog(true);
  const sell = useSellPackage(athleteId);
  const chargeable = useChargeableMethod(athleteId);
  const [chargeNow, setChargeNow] = useState(true);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [planId, setPlanId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState<string | null>(today);
  const [errors, setErrors] = useState<{ packageId?: string; billingPlanId?: string; startDate?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  if (catalog.isError)
    return (
      <Alert color="red" title="Error">
        {LOAD_ERROR}
      </Alert>
    );
  if (!catalog.data) return <Skeleton height={160} aria-busy="true" />;
  if (catalog.data.length === 0) {
    return <Text size="sm">There are no active packages to sell. Create one in Products › Packages first.</Text>;
  }
  const pkg = catalog.data.find((p) => p.packageId === packageId) ?? null;
  const plans = pkg?.billingPlans ?? [];
  const plan = plans.find((p) => p.billingPlanId === planId) ?? (plans.length === 1 ? plans[0]! : null);
  const first = plan && startDate ? firstChargeOf(plan, startDate) : null;
  // Issue 34 item 8: what the sale's invoice will charge, from the rules the server's invoice is made with.
  const choosingPlan = plans.length > 0 && !plan;
  const charges = saleCharges(first?.firstChargeMinor ?? 0, pkg?.signUpFeeMinor ?? 0);
  const taxPercent = pkg?.taxRate ? Number(pkg.taxRate.percent) : null;
  const totals = saleTotals(charges, taxPercent, isTaxInclusive);
  // Something is invoiced at the sale: the first period's charge or the sign-up fee.
  const billsNow = charges.length > 0;
  const charging = chargeable !== null && billsNow && chargeNow;
  const submit = () => {
    const next = {
      packageId: pkg ? undefined : 'Choose a package.',
      billingPlanId: pkg && plans.length > 0 && !plan ? 'Choose a billing plan.' : undefined,
      startDate: startDate ? undefined : 'Choose a start date.',
    };
    setErrors(next);
    if (next.packageId || next.billingPlanId || next.startDate || !pkg || !startDate) return;
    setFailure(null);
    sell.mutate(
      { packageId: pkg.packageId, billingPlanId: plan?.billingPlanId ?? null, startDate, idempotencyKey, chargeSavedMethod: charging },
      {
        onSuccess: onDone,
        // A refusal naming the package, plan or start date is shown on it, once; any other above the buttons.
        onError: (e) => {
          setErrors(fieldRefusal(e, ['packageId', 'billingPlanId', 'startDate']));
          if (!isShown(e)) setFailure(shownMessage(e));
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Select
        label="Package"
        placeholder="Choose a package"
        withAsterisk
        searchable
        data={catalog.data.map((p) => ({ value: p.packageId, label: `${p.name} (${packageKindLabels[p.kind]})` }))}
        value={packageId}
        error={errors.packageId}
        onChange={(v) => {
          setPackageId(v);
          setPlanId(null);
          setErrors((e) => ({ ...e, packageId: undefined }));
        }}
      />
      {pkg && plans.length > 0 && (
        <Select
          label="Billing plan"
          placeholder="Choose a billing plan"
          withAsterisk
          data={plans.map((p) => ({ value: p.billingPlanId, label: planLabel(p, country) }))}
          value={plan?.billingPlanId ?? null}
          error={errors.billingPlanId}
          onChange={(v) => {
            setPlanId(v);
            setErrors((e) => ({ ...e, billingPlanId: undefined }));
          }}
        />
      )}
      <DateField label="Start date" value={startDate} onChange={setStartDate} error={errors.startDate} country={country} />
      {pkg && (
        <Alert color="blue" variant="light" title="Charges">
          {choosingPlan ? (
            <Text size="sm">Choose a billing plan to see what will be charged.</Text>
          ) : (
            <Stack gap={2} data-testid="sale-charges">
              {first && plan && plan.paymentCount === 1 ? (
                <Text size="sm">Package: {formatMoney(first.firstChargeMinor, country)}, one payment</Text>
              ) : first && plan ? (
                <Text size="sm">
                  First period: {formatMoney(first.firstChargeMinor, country)} for {formatDate(first.periodStart, country)} –{' '}
                  {formatDate(first.periodEnd, country)}
                  {first.nextBillingDate ? `; next charge on ${formatDate(first.nextBillingDate, country)}` : ''}
                </Text>
              ) : (
                <Text size="sm">No billing plan: nothing recurs.</Text>
              )}
              <Text size="sm">Sign-up fee: {(pkg.signUpFeeMinor ?? 0) > 0 ? formatMoney(pkg.signUpFeeMinor ?? 0, country) : 'none'}</Text>
              {totals.tax > 0 && (
                <Text size="sm">
                  {isTaxInclusive ? `Includes ${taxLabel}` : taxLabel}
                  {pkg.taxRate ? ` (${pkg.taxRate.name})` : ''}: {formatMoney(totals.tax, country)}
                </Text>
              )}
              <Text size="sm" fw={700}>
                {billsNow ? `Due at the sale: ${formatMoney(totals.total, country)}` : 'Nothing is due at the sale.'}
              </Text>
            </Stack>
          )}
        </Alert>
      )}
      {pkg && chargeable && billsNow && (
        <Checkbox
          label={`Charge ${paymentMethodLabel(chargeable)} now`}
          description="The package's first invoice is charged to the athlete's default saved method as soon as it is added. Untick to leave the invoice open (cash, or later)."
          checked={chargeNow}
          onChange={(e) => setChargeNow(e.currentTarget.checked)}
        />
      )}
      <DialogActions
        failure={failure}
        failureTitle="Could not add the package"
        onCancel={onDone}
        pending={sell.isPending}
        onSubmit={submit}
        label={failure ? 'Try again' : 'Add package'}
      />
    </Stack>
  );
}

/**
 * The athlete's default saved method (else the first), when card payments are on: what "charge now" charges (the
 * server's charge job takes the same one). Null while it loads, on a failed read, or when there is none.
 */
function useChargeableMethod(athleteId: string): PaymentMethodView | null {
  const methods = useAthletePaymentMethods(athleteId);
  if (!methods.data?.cardPaymentsEnabled) return null;
  const list = methods.data.results;
  return list.find((m) => m.isDefault) ?? list[0] ?? null;
}

/** The hold's dates: both given, the end not before the start, the start not in the past. */
export function validateHold(startsOn: string | null, endsOn: string | null, today: string): { startsOn?: string; endsOn?: string } {
  const errors: { startsOn?: string; endsOn?: string } = {};
  if (!startsOn) errors.startsOn = 'Choose the first day of the hold.';
  else if (startsOn < today) errors.startsOn = 'The hold cannot start in the past.';
  if (!endsOn) errors.endsOn = 'Choose the last day of the hold.';
  else if (startsOn && endsOn < startsOn) errors.endsOn = athletePackageMessages.holdRange;
  return errors;
}

export function HoldDialog({ p, opened, onClose, locale }: { p: AthletePackage; opened: boolean; onClose: () => void; locale: Locale }) {
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={`Put ${p.package.name} on hold`}>
      {opened && <HoldForm p={p} onDone={onClose} locale={locale} />}
    </Modal>
  );
}

function HoldForm({ p, onDone, locale }: { p: AthletePackage; onDone: () => void; locale: Locale }) {
  const hold = useHoldPackage(p.athletePackageId);
  const [startsOn, setStartsOn] = useState<string | null>(locale.today);
  const [endsOn, setEndsOn] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ startsOn?: string; endsOn?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = () => {
    const e = validateHold(startsOn, endsOn, locale.today);
    setErrors(e);
    if (e.startsOn || e.endsOn || !startsOn || !endsOn) return;
    hold.mutate({ startsOn, endsOn }, { onSuccess: onDone, onError: (err) => setFailure(shownMessage(err)) });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">Billing pauses and bookings are refused from the first to the last day of the hold.</Text>
      <DateField label="First day" value={startsOn} onChange={setStartsOn} error={errors.startsOn} country={locale.country} minDate={locale.today} />
      <DateField label="Last day" value={endsOn} onChange={setEndsOn} error={errors.endsOn} country={locale.country} minDate={startsOn ?? locale.today} />
      <DialogActions
        failure={failure}
        failureTitle="Could not put the package on hold"
        onCancel={onDone}
        pending={hold.isPending}
        onSubmit={submit}
        label="Put on hold"
      />
    </Stack>
  );
}

/** What a cancel means, in words: when the package stops, and what the notice is. */
export function cancelNotice(p: AthletePackage, when: 'now' | 'period_end', country: GymCountry | null): string {
  if (when === 'now') return 'The package ends today: no more charges, and bookings with it are refused from now on.';
  const lastDay = p.nextBillingDate ? addDays(p.nextBillingDate, -1) : p.endDate;
  return lastDay
    ? `Notice: the package stays active until the end of its current period, ${formatDate(lastDay, country)}, and is not charged again.`
    : 'Notice: the package stays active until the end of its current period and is not charged again.';
}

export const CANCEL_REASON_MAX = 500;

export function validateCancel(reason: string): string | undefined {
  return reason.trim().length > CANCEL_REASON_MAX ? athletePackageMessages.reasonTooLong : undefined;
}

/** Staff: at period end or at once, with a reason. The athlete: at period end only (`athleteMode`). */
export function CancelDialog({
  p,
  opened,
  onClose,
  country,
  athleteMode = false,
}: {
  p: AthletePackage;
  opened: boolean;
  onClose: () => void;
  country: GymCountry | null;
  athleteMode?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={`Cancel ${p.package.name}`}>
      {opened && <CancelForm p={p} onDone={onClose} country={country} athleteMode={athleteMode} />}
    </Modal>
  );
}

function CancelForm({ p, onDone, country, athleteMode }: { p: AthletePackage; onDone: () => void; country: GymCountry | null; athleteMode: boolean }) {
  const cancel = useCancelPackage(p.athletePackageId, country);
  const session = useCurrentSession();
  // Refunds are money out: staff holding Invoices (owners hold every permission), as the invoice's own Refund.
  const canRefund = !athleteMode && hasPermission(session, 'InvoiceReportsView');
  // Staff read the package's notice period from the catalogue (the athlete cannot read the catalogue).
  const catalog = useSellableCatalog(!athleteMode);
  const noticeDays = catalog.data?.find((c) => c.packageId === p.package.packageId)?.cancellationNoticeDays ?? 0;
  const [when, setWhen] = useState<'now' | 'period_end'>('period_end');
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const preview = useCancelRefundPreview(p.athletePackageId, canRefund && when === 'now');
  const refundable = canRefund && when === 'now' && preview.data?.noRefund === null;
  const submit = () => {
    const e = validateCancel(reason);
    setError(e);
    if (e) return;
    cancel.mutate({ when, reason: reason.trim(), refundUnused: refundable && refund }, { onSuccess: onDone, onError: (err) => setFailure(shownMessage(err)) });
  };
  return (
    <Stack gap="sm">
      {!athleteMode && (
        <Radio.Group label="When" value={when} onChange={(v) => setWhen(v === 'now' ? 'now' : 'period_end')}>
          <Stack gap={6} mt={6}>
            <Radio value="period_end" label="At the end of the period" />
            <Radio value="now" label="At once" />
          </Stack>
        </Radio.Group>
      )}
      <Alert color="yellow" variant="light">
        <Text size="sm">{cancelNotice(p, when, country)}</Text>
        {noticeDays > 0 && <Text size="sm">Notice period: {noticeDays} days.</Text>}
      </Alert>
      {canRefund && when === 'now' && (
        <UnusedRefundChoice
          preview={preview.data}
          isLoading={preview.isLoading}
          isError={preview.isError}
          checked={refund}
          onChange={setRefund}
          country={country}
        />
      )}
      <Textarea label="Reason" description="Optional" value={reason} error={error} autosize minRows={2} onChange={(e) => setReason(e.currentTarget.value)} />
      <DialogActions
        failure={failure}
        failureTitle="Could not cancel the package"
        onCancel={onDone}
        cancelLabel="Keep the package"
        pending={cancel.isPending}
        onSubmit={submit}
        color="red.9"
        label={when === 'now' ? 'Cancel at once' : 'Cancel at period end'}
      />
    </Stack>
  );
}

/** Where the refund goes, in words: back to the card, recorded as cash given back, or both. */
export function refundDestination(preview: Pick<CancelRefundPreview, 'payments'>): string {
  const viaProvider = preview.payments.some((p) => p.channel === 'card' || p.channel === 'us_bank_account' || p.channel === 'acss_debit');
  const manual = preview.payments.some((p) => p.channel !== 'card' && p.channel !== 'us_bank_account' && p.channel !== 'acss_debit');
  if (viaProvider && manual) return 'Card payments go back to the card; the rest is recorded as refunded by hand (give it back at the desk).';
  if (viaProvider) return 'It goes back to the card or account it was paid with.';
  return 'It was paid by hand: the refund is recorded, and you give it back at the desk.';
}

/** Staff holding Invoices, cancelling at once: the refund of the unused days, or why there is none. */
function UnusedRefundChoice(props: {
  preview: CancelRefundPreview | undefined;
  isLoading: boolean;
  isError: boolean;
  checked: boolean;
  onChange: (v: boolean) => void;
  country: GymCountry | null;
}) {
  const { preview, country } = props;
  if (props.isLoading) return <Skeleton height={40} aria-busy="true" />;
  if (props.isError || !preview) return <Text size="sm">The refund of the unused days could not be worked out; refund from the invoice instead.</Text>;
  if (preview.noRefund !== null) return <Text size="sm">{noRefundMessages[preview.noRefund]}</Text>;
  return (
    <Checkbox
      label={unusedRefundWords(preview, country)}
      description={`${preview.periodStart && preview.periodEnd ? `Paid period ${formatDate(preview.periodStart, country)} – ${formatDate(preview.periodEnd, country)}. ` : ''}${refundDestination(preview)}`}
      checked={props.checked}
      onChange={(e) => props.onChange(e.currentTarget.checked)}
    />
  );
}

export function RenewDialog({ p, opened, onClose, country }: { p: AthletePackage; opened: boolean; onClose: () => void; country: GymCountry | null }) {
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={`Renew ${p.package.name}`}>
      {opened && <RenewForm p={p} onDone={onClose} country={country} />}
    </Modal>
  );
}

function RenewForm({ p, onDone, country }: { p: AthletePackage; onDone: () => void; country: GymCountry | null }) {
  const [key] = useState(() => crypto.randomUUID());
  const renew = useRenewPackage(p.athletePackageId);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <Text size="sm">
        A new period starts {p.endDate ? `after ${formatDate(p.endDate, country)}` : 'today'} for {formatMoney(p.priceMinor, country)}
        {p.credits ? `, and its ${p.credits.granted} credits are granted again` : ''}.
      </Text>
      <DialogActions
        failure={failure}
        failureTitle="Could not renew the package"
        onCancel={onDone}
        pending={renew.isPending}
        onSubmit={() => renew.mutate(key, { onSuccess: onDone, onError: (e) => setFailure(shownMessage(e)) })}
        label="Renew"
      />
    </Stack>
  );
}

export function validateAdjust(delta: number | string, note: string, balance: number): { delta?: string; note?: string } {
  const errors: { delta?: string; note?: string } = {};
  const n = typeof delta === 'number' ? delta : Number.NaN;
  if (!Number.isInteger(n)) errors.delta = athletePackageMessages.deltaWhole;
  else if (n === 0) errors.delta = athletePackageMessages.deltaNotZero;
  else if (balance + n < 0) errors.delta = `The balance cannot go below 0 (it is ${balance}).`;
  if (!note.trim()) errors.note = athletePackageMessages.noteRequired;
  else if (note.trim().length > 200) errors.note = athletePackageMessages.noteTooLong;
  return errors;
}

export function AdjustDialog({ p, opened, onClose }: { p: AthletePackage; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Adjust credits">
      {opened && <AdjustForm p={p} onDone={onClose} />}
    </Modal>
  );
}

function AdjustForm({ p, onDone }: { p: AthletePackage; onDone: () => void }) {
  const adjust = useAdjustCredits(p.athletePackageId);
  const balance = p.credits?.balance ?? 0;
  const [delta, setDelta] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; note?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = () => {
    const e = validateAdjust(delta, note, balance);
    setErrors(e);
    if (e.delta || e.note) return;
    adjust.mutate({ delta: delta as number, note: note.trim() }, { onSuccess: onDone, onError: (err) => setFailure(shownMessage(err)) });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">Balance now: {balance}</Text>
      <NumberInput
        label="Credits to add or take away"
        description="For example 2 or -1"
        allowDecimal={false}
        value={delta}
        onChange={setDelta}
        error={errors.delta}
        withAsterisk
      />
      <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} withAsterisk maxLength={200} />
      <DialogActions
        failure={failure}
        failureTitle="Could not adjust the credits"
        onCancel={onDone}
        pending={adjust.isPending}
        onSubmit={submit}
        label="Adjust"
      />
    </Stack>
  );
}

/** A dialog's failure (the server's message, under its title) and its Cancel and submit buttons. */
function DialogActions(props: {
  failure: string | null;
  failureTitle: string;
  onCancel: () => void;
  cancelLabel?: string;
  pending: boolean;
  onSubmit: () => void;
  color?: string;
  label: string;
}) {
  return (
    <>
      {props.failure && (
        <Alert color="red" title={props.failureTitle}>
          {props.failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {props.cancelLabel ?? 'Cancel'}
        </Button>
        <Button color={props.color} loading={props.pending} onClick={props.onSubmit}>
          {props.label}
        </Button>
      </Group>
    </>
  );
}
