import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, packageMessages, setupMessages, type Package } from '@spotter/shared';
import { render } from '../../../testing/render';
import { buildSession } from '../../../testing/factories';
import { bodyOf, callsTo, jsonResponse, stubFetch } from '../../../testing/stub-fetch';
import { newPackageValues, newPlanValues, packageValues, toPackageInput, validatePackageForm, type PackageFormValues } from '../lib/form';
import { allowanceWords, planPrice } from '../lib/describe';
import { PackageForm } from './package-form';

afterEach(() => vi.unstubAllGlobals());

const TAX = { taxRateId: '88888888-8888-4888-8888-888888888888', name: 'VAT', percent: '20' };
const valid: PackageFormValues = { ...newPackageValues(), name: 'Unlimited Gold', billingPlans: [newPlanValues({ name: 'Monthly', price: 179 })] };
const errorsOf = (o: Partial<PackageFormValues>, savedName?: string) => validatePackageForm({ ...valid, ...o }, savedName);
const plan = (o: Partial<PackageFormValues['billingPlans'][number]>) => [newPlanValues({ name: 'Monthly', price: 10, ...o })];

function buildPackage(o: Partial<Package> = {}): Package {
  return {
    packageId: '77777777-7777-4777-8777-000000000001',
    name: 'Unlimited Gold',
    kind: 'membership',
    category: 'Memberships',
    description: '<p>All classes</p>',
    credits: null,
    sessionsLimit: null,
    sessionsPer: null,
    validityDays: null,
    limitPerDay: 2,
    limitPerWeek: null,
    coversAllClassTypes: true,
    classTypeIds: [],
    coversAllAppointmentTypes: false,
    appointmentTypeIds: [],
    signUpFeeMinor: 4900,
    taxRate: TAX,
    familySharing: false,
    showInPortal: true,
    portalOrder: 1,
    cancellationNoticeDays: 30,
    billingPlans: [
      {
        billingPlanId: '77777777-7777-4777-8777-000000000011',
        name: 'Monthly',
        priceMinor: 17_900,
        interval: 'month',
        intervalCount: 1,
        paymentCount: null,
        startsOn: 'purchase',
        dayOfMonth: null,
        prorate: true,
        inUse: true,
      },
      {
        billingPlanId: '77777777-7777-4777-8777-000000000012',
        name: 'Annual',
        priceMinor: 179_000,
        interval: 'year',
        intervalCount: 1,
        paymentCount: null,
        startsOn: 'day_of_month',
        dayOfMonth: 1,
        prorate: true,
        inUse: false,
      },
    ],
    holders: 3,
    isArchived: false,
    archivedAt: null,
    inUse: true,
    createdAt: '2026-03-01T00:00:00.000Z',
    ...o,
  };
}

describe('the package form: rules', () => {
  it('gives each kind its rules, on the field they are about', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ name: '' })).toEqual({ name: messages.nameRequired });
    expect(errorsOf({ name: 'Gold & Silver' })).toEqual({ name: messages.nameInvalid });
    expect(errorsOf({ name: 'Gold & Silver' }, 'Gold & Silver')).toEqual({});
    expect(errorsOf({ kind: 'class_pack' })).toEqual({ credits: packageMessages.classPackCredits, validityDays: packageMessages.classPackValidity });
    expect(errorsOf({ kind: 'class_pack', credits: 10, validityDays: 90 })).toEqual({});
    expect(errorsOf({ kind: 'class_pack', credits: 0, validityDays: 90 })).toEqual({ credits: packageMessages.creditsMin });
    // A drop-in always gives 1 credit, whatever was typed.
    expect(errorsOf({ kind: 'drop_in', credits: 5 })).toEqual({});
    expect(toPackageInput({ ...valid, kind: 'drop_in', credits: 5 }).credits).toBe(1);
    expect(errorsOf({ kind: 'trial' })).toEqual({ validityDays: packageMessages.trialAllowance });
    expect(errorsOf({ kind: 'trial', validityDays: 14 })).toEqual({});
    // A membership sends no credits, and N a week needs its number.
    expect(toPackageInput({ ...valid, credits: 10 }).credits).toBeNull();
    expect(errorsOf({ allowance: 'limited', sessionsLimit: '' })).toEqual({ sessionsLimit: setupMessages.wholeNumber });
    expect(errorsOf({ allowance: 'limited', sessionsLimit: 0 })).toEqual({ sessionsLimit: packageMessages.sessionsMin });
    expect(errorsOf({ limitPerDay: 0 })).toEqual({ limitPerDay: packageMessages.limitMin });
    expect(errorsOf({ coversAllClassTypes: false, classTypeIds: [] })).toEqual({ classTypeIds: packageMessages.classTypesRequired });
  });

  it('checks every billing plan, and asks for one at least', () => {
    expect(errorsOf({ billingPlans: [] })).toEqual({ billingPlans: packageMessages.plansRequired });
    expect(errorsOf({ billingPlans: plan({ name: '' }) })).toEqual({ 'billingPlans.0.name': packageMessages.planNameRequired });
    expect(errorsOf({ billingPlans: plan({ price: '' }) })).toEqual({ 'billingPlans.0.price': setupMessages.wholeNumber });
    expect(errorsOf({ billingPlans: plan({ price: -1 }) })).toEqual({ 'billingPlans.0.price': setupMessages.priceNegative });
    expect(errorsOf({ billingPlans: plan({ intervalCount: 0 }) })).toEqual({ 'billingPlans.0.intervalCount': packageMessages.intervalCountMin });
    expect(errorsOf({ billingPlans: plan({ paymentMode: 'count', paymentCount: 0 }) })).toEqual({
      'billingPlans.0.paymentCount': packageMessages.paymentCountMin,
    });
    // An open-ended plan ignores the hidden count; a plan on purchase ignores the hidden day.
    expect(errorsOf({ billingPlans: plan({ paymentMode: 'open', paymentCount: '' }) })).toEqual({});
    expect(errorsOf({ billingPlans: plan({ startsOn: 'purchase', dayOfMonth: 31 }) })).toEqual({});
    expect(errorsOf({ billingPlans: plan({ startsOn: 'day_of_month', dayOfMonth: 31 }) })).toEqual({
      'billingPlans.0.dayOfMonth': packageMessages.dayOfMonthRange,
    });
    expect(errorsOf({ billingPlans: [...plan({}), newPlanValues({ name: 'monthly', price: 20 })] })).toEqual({
      'billingPlans.1.name': packageMessages.planNameTwice,
    });
  });

  it('sends money in minor units and keeps the ids of the plans it opened with', () => {
    const input = toPackageInput(packageValues(buildPackage()));
    expect(input).toMatchObject({ signUpFeeMinor: 4900, taxRateId: TAX.taxRateId, limitPerDay: 2, credits: null });
    expect(input.billingPlans).toEqual([
      {
        billingPlanId: '77777777-7777-4777-8777-000000000011',
        name: 'Monthly',
        priceMinor: 17_900,
        interval: 'month',
        intervalCount: 1,
        paymentCount: null,
        startsOn: 'purchase',
        dayOfMonth: null,
        prorate: true,
      },
      {
        billingPlanId: '77777777-7777-4777-8777-000000000012',
        name: 'Annual',
        priceMinor: 179_000,
        interval: 'year',
        intervalCount: 1,
        paymentCount: null,
        startsOn: 'day_of_month',
        dayOfMonth: 1,
        prorate: true,
      },
    ]);
    expect(toPackageInput({ ...valid, billingPlans: plan({ price: 12.345 }) }).billingPlans[0]!.priceMinor).toBe(1235);
  });

  it('describes prices as the gym’s country does', () => {
    const p = buildPackage();
    expect(planPrice(p.billingPlans[0]!, p, 'GB', true)).toEqual({ price: '£179.00 a month', tax: 'includes VAT £29.83' });
    expect(planPrice(p.billingPlans[0]!, { taxRate: { ...TAX, percent: '8.25' } }, 'US', false)).toEqual({ price: '$179.00 a month', tax: '+ tax $14.77' });
    expect(allowanceWords({ kind: 'class_pack', credits: 10, sessionsLimit: null, sessionsPer: null, validityDays: 90 })).toBe('10 credits · 90 days');
    expect(allowanceWords({ kind: 'membership', credits: null, sessionsLimit: 3, sessionsPer: 'week', validityDays: null })).toBe('3 classes a week');
  });
});

describe('the package form', { timeout: 60_000 }, () => {
  const GYM_ID = '22222222-2222-4222-8222-222222222222';
  const session = () =>
    buildSession({
      role: 'owner',
      gym: { gymId: GYM_ID, title: 'Northside Strength', stripeStatus: 'Active', stripeAccountType: 'standard', ghlV2Enabled: false } as never,
      staff: { staffId: '99999999-9999-4999-8999-000000000001', permissions: [] },
    } as never);
  const renderForm = (pkg: Package | null = null) => {
    document.cookie = 'csrftoken=t; path=/';
    return render(
      <PackageForm
        opened
        onClose={() => {}}
        pkg={pkg}
        country="GB"
        isTaxInclusive
        taxRates={[TAX]}
        classTypes={[{ value: '55555555-5555-4555-8555-000000000001', label: 'CrossFit' }]}
        appointmentTypes={[]}
      />,
      { session: session(), route: '/products/packages' },
    );
  };

  it('shows the rules under their fields and sends nothing until they pass; then sends two plans in minor units', async () => {
    const fetchMock = stubFetch((url, init) => (init.method === 'POST' && url === '/api/packages/' ? jsonResponse(buildPackage(), 201) : undefined));
    renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New package' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create package' }));
    expect(await within(dialog).findByText(messages.nameRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/packages/')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Unlimited Gold' } });
    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '179' } });
    // Tax-inclusive UK wording under the price.
    await waitFor(() => expect(dialog.textContent).toContain('GBP, including VAT'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add billing plan' }));
    const second = within(dialog).getByRole('group', { name: 'Billing plan 2' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create package' }));
    expect(await within(second).findByText(packageMessages.planNameRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/packages/')).toHaveLength(0);
    fireEvent.change(within(second).getByLabelText(/^Plan name/), { target: { value: 'Annual' } });
    fireEvent.change(within(second).getByLabelText(/^Price/), { target: { value: '1790' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create package' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/packages/')).toHaveLength(1));
    expect(bodyOf(fetchMock, '/api/packages/')).toMatchObject({
      name: 'Unlimited Gold',
      kind: 'membership',
      credits: null,
      billingPlans: [
        { name: 'Monthly', priceMinor: 17_900, interval: 'month', paymentCount: null },
        { name: 'Annual', priceMinor: 179_000 },
      ],
    });
  });

  it('opens a package with its plans; a plan can be removed but never the last one', async () => {
    stubFetch(() => undefined);
    renderForm(buildPackage());
    const dialog = await screen.findByRole('dialog', { name: 'Edit Unlimited Gold' });
    expect((within(dialog).getAllByLabelText(/^Plan name/)[1] as HTMLInputElement).value).toBe('Annual');
    expect((within(dialog).getAllByLabelText(/^Price/)[1] as HTMLInputElement).value).toBe('1,790.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove billing plan Annual' }));
    await waitFor(() => expect(within(dialog).queryAllByLabelText(/^Plan name/)).toHaveLength(1));
    expect((within(dialog).getByRole('button', { name: 'Remove billing plan Monthly' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
