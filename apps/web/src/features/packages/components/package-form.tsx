import { useEffect } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEditor } from '@tiptap/react';
import {
  billingPeriodWords,
  packageKindLabels,
  packageKinds,
  priceTaxNote,
  type GymCountry,
  type Package,
  type PackageKind,
  type TaxRate,
} from '@spotter/shared';
import { MoneyInput } from '../../../components/money-input';
import { HELP_BELOW, Section, WholeInput } from '../../event-setup';
import { RichTextField, richTextExtensions } from '../../programming';
import { useCreatePackage, useUpdatePackage } from '../api/packages';
import {
  NO_TAX_RATE,
  formField,
  newPackageValues,
  newPlanValues,
  packageValues,
  toMinor,
  toPackageInput,
  validatePackageForm,
  type PackageFormValues,
} from '../lib/form';
import { fieldRefusal } from '../../../lib/form-refusal';

type Option = { value: string; label: string };

type PackageFormProps = {
  opened: boolean;
  onClose: () => void;
  /** The package edited; null: a new one. */
  pkg: Package | null;
  country: GymCountry;
  isTaxInclusive: boolean;
  taxRates: TaxRate[];
  classTypes: Option[];
  appointmentTypes: Option[];
};

const kindHelp: Record<PackageKind, string> = {
  membership: 'Recurring: unlimited classes, or a number of classes a week or a month.',
  class_pack: 'A number of credits (one a class) that expire after some days.',
  drop_in: 'One class, paid once.',
  trial: 'An introductory offer for a number of days or classes.',
};

function Description({ value, onChange, opened }: { value: string; onChange: (html: string) => void; opened: boolean }) {
  const editor = useEditor(
    {
      extensions: richTextExtensions,
      content: value,
      editorProps: { attributes: { 'aria-label': 'Description', role: 'textbox', 'aria-multiline': 'true' } },
      onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    },
    [opened],
  );
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} component="span">
        Description
      </Text>
      <RichTextField editor={editor} />
      <Text size="xs" c="dimmed">
        What members read about the package in the sales portal and their app.
      </Text>
    </Stack>
  );
}

/** Create or edit a package: Basics, Allowance, Covers, Billing plans, Fees and options. */
export function PackageForm({ opened, onClose, pkg, country, isTaxInclusive, taxRates, classTypes, appointmentTypes }: PackageFormProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const saving = create.isPending || update.isPending;
  const form = useForm<PackageFormValues>({
    initialValues: newPackageValues(),
    validate: (values) => validatePackageForm(values, pkg?.name),
  });
  const { setValues, resetDirty, clearErrors } = form;
  useEffect(() => {
    if (!opened) return;
    const values = pkg ? packageValues(pkg) : newPackageValues();
    setValues(values);
    resetDirty(values);
    clearErrors();
  }, [opened, pkg, setValues, resetDirty, clearErrors]);

  const onServerError = (error: Error) => {
    form.setErrors(fieldRefusal(error, Object.keys(form.values), formField));
  };
  const submit = form.onSubmit((values) => {
    const body = toPackageInput(values);
    if (pkg) update.mutate({ packageId: pkg.packageId, body }, { onSuccess: onClose, onError: onServerError });
    else create.mutate(body, { onSuccess: onClose, onError: onServerError });
  });
  const v = form.values;
  const percent = taxRates.find((r) => r.taxRateId === v.taxRateId)?.percent ?? pkg?.taxRate?.percent ?? null;
  const taxNote = (price: number | string) => {
    const minor = toMinor(price);
    // Only with a tax rate chosen: the money input already says whether its amount includes the tax.
    if (v.taxRateId === NO_TAX_RATE || percent === null || !Number.isFinite(minor)) return '';
    return priceTaxNote(minor, Number(percent), isTaxInclusive, country);
  };
  const rates = pkg?.taxRate && !taxRates.some((r) => r.taxRateId === pkg.taxRate!.taxRateId) ? [...taxRates, pkg.taxRate] : taxRates;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={pkg ? `Edit ${pkg.name}` : 'New package'}
      size="xl"
      fullScreen={Boolean(isPhone)}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form noValidate onSubmit={submit} aria-label={pkg ? 'Edit package' : 'New package'}>
        <Stack gap="md">
          <Section legend="Basics">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Name" withAsterisk data-autofocus maxLength={100} {...form.getInputProps('name')} />
                <TextInput
                  label="Category"
                  description="Groups packages in the package-category report (Memberships, Class packs…)."
                  inputWrapperOrder={HELP_BELOW}
                  maxLength={60}
                  {...form.getInputProps('category')}
                />
              </SimpleGrid>
              <Select
                label="Kind"
                description={kindHelp[v.kind]}
                inputWrapperOrder={HELP_BELOW}
                data={packageKinds.map((k) => ({ value: k, label: packageKindLabels[k] }))}
                allowDeselect={false}
                {...form.getInputProps('kind')}
                onChange={(value) => form.setFieldValue('kind', (value ?? 'membership') as PackageKind)}
              />
              <Description value={v.description} onChange={(html) => form.setFieldValue('description', html)} opened={opened} />
            </Stack>
          </Section>

          <Section legend="Allowance">
            <Stack gap="sm">
              {v.kind === 'membership' ? (
                <>
                  <SegmentedControl
                    aria-label="Classes allowed"
                    value={v.allowance}
                    onChange={(value) => form.setFieldValue('allowance', value as 'unlimited' | 'limited')}
                    data={[
                      { value: 'unlimited', label: 'Unlimited' },
                      { value: 'limited', label: 'Classes a week or month' },
                    ]}
                  />
                  {v.allowance === 'limited' && (
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <WholeInput
                        label="Classes"
                        unit="classes"
                        description="How many classes the member may book in each period."
                        {...form.getInputProps('sessionsLimit')}
                      />
                      <Select
                        label="Per"
                        data={[
                          { value: 'week', label: 'Week' },
                          { value: 'month', label: 'Month' },
                        ]}
                        allowDeselect={false}
                        {...form.getInputProps('sessionsPer')}
                      />
                    </SimpleGrid>
                  )}
                </>
              ) : (
                v.kind !== 'drop_in' && (
                  <WholeInput
                    label="Credits"
                    unit="credits"
                    description="Credits granted on purchase; each booking uses the class's credit cost."
                    {...form.getInputProps('credits')}
                  />
                )
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <WholeInput label="Valid for" unit="days" description="Empty: until cancelled." {...form.getInputProps('validityDays')} />
                <WholeInput label="Bookings a day" description="Empty: no limit." {...form.getInputProps('limitPerDay')} />
                <WholeInput label="Bookings a week" description="Empty: no limit." {...form.getInputProps('limitPerWeek')} />
              </SimpleGrid>
            </Stack>
          </Section>

          <Section legend="Covers">
            <Stack gap="sm">
              <Switch label="Every class type" {...form.getInputProps('coversAllClassTypes', { type: 'checkbox' })} />
              {!v.coversAllClassTypes && (
                <MultiSelect
                  label="Class types"
                  placeholder="Choose class types"
                  data={classTypes}
                  searchable
                  clearable
                  {...form.getInputProps('classTypeIds')}
                />
              )}
              <Switch label="Every appointment type" {...form.getInputProps('coversAllAppointmentTypes', { type: 'checkbox' })} />
              {!v.coversAllAppointmentTypes && (
                <MultiSelect
                  label="Appointment types"
                  placeholder="Choose appointment types"
                  data={appointmentTypes}
                  searchable
                  clearable
                  {...form.getInputProps('appointmentTypeIds')}
                />
              )}
            </Stack>
          </Section>

          <Section legend="Billing plans">
            <Stack gap="sm">
              {typeof form.errors.billingPlans === 'string' && (
                <Text c="red.8" size="sm" role="alert">
                  {form.errors.billingPlans}
                </Text>
              )}
              {v.billingPlans.map((plan, i) => (
                <Paper key={plan.key} withBorder p="sm" radius="md" role="group" aria-label={`Billing plan ${i + 1}`}>
                  <Stack gap="sm">
                    <Group justify="space-between" wrap="nowrap" align="flex-end">
                      <TextInput label="Plan name" withAsterisk maxLength={60} style={{ flexGrow: 1 }} {...form.getInputProps(`billingPlans.${i}.name`)} />
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        size="lg"
                        aria-label={`Remove billing plan ${plan.name || i + 1}`}
                        disabled={v.billingPlans.length === 1}
                        onClick={() => form.removeListItem('billingPlans', i)}
                      >
                        <span aria-hidden="true">✕</span>
                      </ActionIcon>
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                      <MoneyInput
                        label="Price"
                        withAsterisk
                        country={country}
                        isTaxInclusive={isTaxInclusive}
                        help={taxNote(plan.price) ? `Members see: ${taxNote(plan.price)}.` : undefined}
                        {...form.getInputProps(`billingPlans.${i}.price`)}
                      />
                      <WholeInput
                        label="Every"
                        description={billingPeriodWords(plan.interval, Number(plan.intervalCount) || 1)}
                        {...form.getInputProps(`billingPlans.${i}.intervalCount`)}
                      />
                      <Select
                        label="Interval"
                        data={[
                          { value: 'week', label: 'Week' },
                          { value: 'month', label: 'Month' },
                          { value: 'year', label: 'Year' },
                        ]}
                        allowDeselect={false}
                        {...form.getInputProps(`billingPlans.${i}.interval`)}
                      />
                    </SimpleGrid>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <Select
                        label="Payments"
                        data={[
                          { value: 'open', label: 'Until cancelled' },
                          { value: 'count', label: 'A number of payments' },
                        ]}
                        allowDeselect={false}
                        {...form.getInputProps(`billingPlans.${i}.paymentMode`)}
                      />
                      {plan.paymentMode === 'count' && <WholeInput label="Number of payments" {...form.getInputProps(`billingPlans.${i}.paymentCount`)} />}
                    </SimpleGrid>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <Select
                        label="Starts"
                        data={[
                          { value: 'purchase', label: 'On purchase' },
                          { value: 'day_of_month', label: 'On a day of the month' },
                        ]}
                        allowDeselect={false}
                        {...form.getInputProps(`billingPlans.${i}.startsOn`)}
                      />
                      {plan.startsOn === 'day_of_month' && (
                        <NumberInput
                          label="Day of the month"
                          min={1}
                          max={28}
                          allowDecimal={false}
                          allowNegative={false}
                          {...form.getInputProps(`billingPlans.${i}.dayOfMonth`)}
                        />
                      )}
                    </SimpleGrid>
                    {plan.startsOn === 'day_of_month' && (
                      <Checkbox
                        label="Prorate the first payment (charge only the days until that day)"
                        {...form.getInputProps(`billingPlans.${i}.prorate`, { type: 'checkbox' })}
                      />
                    )}
                  </Stack>
                </Paper>
              ))}
              <Group>
                <Button variant="default" onClick={() => form.insertListItem('billingPlans', newPlanValues())} disabled={v.billingPlans.length >= 10}>
                  Add billing plan
                </Button>
              </Group>
            </Stack>
          </Section>

          <Section legend="Fees and options">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <MoneyInput
                  label="Sign-up fee"
                  country={country}
                  isTaxInclusive={isTaxInclusive}
                  help="Charged once with the first payment."
                  {...form.getInputProps('signUpFee')}
                />
                <Select
                  label="Tax rate"
                  inputWrapperOrder={HELP_BELOW}
                  description="The tax on its price and fee."
                  data={[{ value: NO_TAX_RATE, label: 'No tax' }, ...rates.map((r) => ({ value: r.taxRateId, label: `${r.name} (${r.percent}%)` }))]}
                  allowDeselect={false}
                  {...form.getInputProps('taxRateId')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <WholeInput
                  label="Cancellation notice"
                  unit="days"
                  description="Notice a member gives to cancel."
                  {...form.getInputProps('cancellationNoticeDays')}
                />
                <WholeInput label="Order in the sales portal" description="Lowest first." {...form.getInputProps('portalOrder')} />
              </SimpleGrid>
              <Switch label="Family sharing: linked family members may book with it" {...form.getInputProps('familySharing', { type: 'checkbox' })} />
              <Switch label="Show in the sales portal" {...form.getInputProps('showInPortal', { type: 'checkbox' })} />
            </Stack>
          </Section>

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {pkg ? 'Save' : 'Create package'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
