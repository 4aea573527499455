import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultClassDefaults, messages, setupMessages } from '@spotter/shared';
import { render } from '../../../testing/render';
import { bodyOf, callsTo, jsonResponse } from '../../../testing/stub-fetch';
import { ClassTypeForm, classTypeValues, newClassTypeValues, toClassTypeInput, validateClassTypeForm, type ClassTypeFormValues } from './class-type-form';
import { buildClassType, options, ownerSession, stubSetupFetch } from './setup-test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const valid: ClassTypeFormValues = { ...newClassTypeValues, name: 'Engine Builder' };
const errorsOf = (o: Partial<ClassTypeFormValues>, savedName?: string) => validateClassTypeForm({ ...valid, ...o }, savedName);

describe('the class type form: rules', () => {
  it('gives each rule its message on its field', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ name: '  ' })).toEqual({ name: messages.nameRequired });
    expect(errorsOf({ name: 'Squats & Pulls' })).toEqual({ name: messages.nameInvalid });
    // A name made before the rule may stay as it is.
    expect(errorsOf({ name: 'Mobility & Yoga' }, 'Mobility & Yoga')).toEqual({});
    expect(errorsOf({ defaultDurationMinutes: '' })).toEqual({ defaultDurationMinutes: setupMessages.wholeNumber });
    expect(errorsOf({ defaultDurationMinutes: 2 })).toEqual({ defaultDurationMinutes: setupMessages.classDurationMin });
    expect(errorsOf({ defaultCapacity: 0 })).toEqual({ defaultCapacity: setupMessages.capacityMin });
    expect(errorsOf({ bookingOpens: 'days', bookingOpensDays: 0 })).toEqual({ bookingOpensDays: setupMessages.bookingOpensMin });
    // "Any time" ignores the days box.
    expect(errorsOf({ bookingOpens: 'any', bookingOpensDays: 0 })).toEqual({});
    expect(errorsOf({ bookingOpens: 'days', bookingOpensDays: 1, bookingClosesMinutes: 1440 })).toEqual({
      bookingClosesMinutes: setupMessages.bookingWindowEmpty,
    });
    expect(errorsOf({ lateCancelCutoffMinutes: 20_000 })).toEqual({ lateCancelCutoffMinutes: setupMessages.minutesTooHigh });
    expect(errorsOf({ waitlistLimit: 'size', waitlistSize: 0 })).toEqual({ waitlistSize: setupMessages.waitlistSizeMin });
    // A waitlist turned off asks nothing of its hidden boxes.
    expect(errorsOf({ waitlistEnabled: false, waitlistLimit: 'size', waitlistSize: '', promotionCutoffMinutes: '' })).toEqual({});
    expect(errorsOf({ cancellationFee: -5 })).toEqual({ cancellationFee: setupMessages.feeNegative });
    expect(errorsOf({ noShowCreditDeduction: '' })).toEqual({ noShowCreditDeduction: setupMessages.wholeNumber });
  });

  it('sends money in minor units, "any time" and "no limit" as null, and the gym tax rate as none of its own', () => {
    expect(
      toClassTypeInput({ ...valid, cancellationFee: 12.5, noShowFee: '20', bookingOpens: 'any', bookingOpensDays: 5, waitlistLimit: 'none', waitlistSize: 4 }),
    ).toMatchObject({ cancellationFeeMinor: 1250, noShowFeeMinor: 2000, bookingOpensDays: null, waitlistSize: null, taxRateId: null });
    const type = buildClassType({ taxRate: options.taxRates[0]!, bookingOpensDays: null, waitlistSize: null });
    const back = toClassTypeInput(classTypeValues(type));
    expect(back).toMatchObject({
      cancellationFeeMinor: 1500,
      noShowFeeMinor: 3000,
      taxRateId: options.taxRates[0]!.taxRateId,
      bookingOpensDays: null,
      waitlistSize: null,
    });
  });
});

describe('the class type form', () => {
  const renderForm = (classType: ReturnType<typeof buildClassType> | null = null) => {
    document.cookie = 'csrftoken=t; path=/';
    return render(
      <ClassTypeForm opened onClose={() => {}} classType={classType} country="US" isTaxInclusive={false} taxRates={options.taxRates} gymRateName="Sales Tax" />,
      { session: ownerSession(), route: '/events/classes' },
    );
  };

  it('shows the rule under the field and sends nothing until it passes; a name the server finds taken shows under Name', async () => {
    const fetchMock = stubSetupFetch((url, init) =>
      init.method === 'POST' && url === '/api/class-types/'
        ? jsonResponse({ message: setupMessages.classTypeNameTaken, code: 'validation_error', fields: { name: [setupMessages.classTypeNameTaken] } }, 400)
        : undefined,
    );
    renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New class type' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create class type' }));
    expect(await within(dialog).findByText(messages.nameRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/class-types/')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'CrossFit WOD' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create class type' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/class-types/')).toHaveLength(1));
    expect(bodyOf(fetchMock, '/api/class-types/')).toMatchObject({
      name: 'CrossFit WOD',
      defaultDurationMinutes: 60,
      bookingOpensDays: null,
      waitlistEnabled: true,
      taxRateId: null,
    });
    expect(await within(dialog).findByText(setupMessages.classTypeNameTaken)).toBeTruthy();
  });

  it('opens an existing type with its settings, and says that fee changes reach the classes still to come', async () => {
    stubSetupFetch();
    renderForm(buildClassType({ name: 'CrossFit WOD', upcomingCount: 12 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit CrossFit WOD' });
    expect((within(dialog).getByLabelText('Booking opens') as HTMLInputElement).value).toBe('7');
    expect((within(dialog).getByLabelText('Athletes in line at most') as HTMLInputElement).value).toBe('10');
    expect((within(dialog).getByLabelText('Late cancel fee') as HTMLInputElement).value).toBe('15.00');
    expect(dialog.textContent).toContain('also apply to the 12 classes of this type still to come');
    // Help under the settings says what each does.
    expect(dialog.textContent).toContain('An athlete who cancels later than this is a late cancel and pays the late cancel fee (2 h).');
    expect(dialog.textContent).toContain('USD, before tax');
  });

  it("starts a new type with the gym's class defaults (issue 22) and sends them", async () => {
    const defaults = {
      ...defaultClassDefaults,
      bookingOpensDays: 3,
      lateCancelCutoffMinutes: 90,
      cancellationFeeMinor: 750,
      waitlistSize: 6,
      noShowCreditDeduction: 1,
    };
    const fetchMock = stubSetupFetch((url, init) =>
      url === '/api/class-types/defaults/'
        ? jsonResponse(defaults)
        : init.method === 'POST' && url === '/api/class-types/'
          ? jsonResponse(buildClassType({ name: 'Engine' }), 201)
          : undefined,
    );
    renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New class type' });
    await waitFor(() => expect((within(dialog).getByLabelText('Booking opens') as HTMLInputElement).value).toBe('3'));
    expect((within(dialog).getByLabelText('Late cancel fee') as HTMLInputElement).value).toBe('7.50');
    expect((within(dialog).getByLabelText('Athletes in line at most') as HTMLInputElement).value).toBe('6');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Engine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create class type' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/class-types/')).toHaveLength(1));
    expect(bodyOf(fetchMock, '/api/class-types/')).toMatchObject({
      name: 'Engine',
      bookingOpensDays: 3,
      lateCancelCutoffMinutes: 90,
      cancellationFeeMinor: 750,
      waitlistSize: 6,
      noShowCreditDeduction: 1,
    });
  });
});
