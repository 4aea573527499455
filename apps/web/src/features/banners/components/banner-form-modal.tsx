import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useEditor } from '@tiptap/react';
import { gymBannerAudiences, localeOf, type GymBanner, type GymCountry } from '@spotter/shared';
import { RichTextField, richTextExtensions } from '../../programming';
import { useSaveGymBanner } from '../api/gym-banners';
import { audienceLabels, bannerValues, newBannerValues, toBannerInput, type BannerFormErrors, type BannerFormValues } from '../lib/banner-form';
import { fieldRefusal } from '../../../lib/form-refusal';

const CALENDAR_LABELS = {
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
};

type BannerFormModalProps = {
  /** The banner edited, or null for a new one. */
  banner: GymBanner | null;
  timeZone: string;
  country: GymCountry;
  onClose: () => void;
};

function MessageField({ value, onChange, error }: { value: string; onChange: (html: string) => void; error?: string }) {
  const editor = useEditor({
    extensions: richTextExtensions,
    content: value,
    editorProps: { attributes: { 'aria-label': 'Message', role: 'textbox', 'aria-multiline': 'true', ...(error ? { 'aria-invalid': 'true' } : {}) } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} component="span">
        Message{' '}
        <Text span c="red" aria-hidden>
          *
        </Text>
      </Text>
      <RichTextField editor={editor} minHeight={140} />
      {error && (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Issue 22: create or edit one of the gym's banners: title, rich-text message, who sees it, and when (from / until, in
 * the gym's time zone; empty: at once / until ended). The server's rules are checked here first with its messages.
 */
/** The fields a refusal can name (each shows its error). */
const BANNER_FIELDS: readonly (keyof BannerFormValues)[] = ['title', 'message', 'audiences', 'startsAt', 'endsAt'];

export function BannerFormModal({ banner, timeZone, country, onClose }: BannerFormModalProps) {
  const [values, setValues] = useState<BannerFormValues>(() => (banner ? bannerValues(banner, timeZone) : newBannerValues()));
  const [errors, setErrors] = useState<BannerFormErrors>({});
  const save = useSaveGymBanner();
  const { dateFormat, hour12, firstDayOfWeek } = localeOf(country);
  const valueFormat = `${dateFormat} ${hour12 ? 'h:mm A' : 'HH:mm'}`;
  const set = <K extends keyof BannerFormValues>(key: K, value: BannerFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = toBannerInput(values, timeZone);
    if ('errors' in result) return setErrors(result.errors);
    save.mutate(
      { bannerId: banner?.bannerId ?? null, body: result.input },
      {
        onSuccess: onClose,
        onError: (error) => {
          setErrors(fieldRefusal(error, BANNER_FIELDS));
        },
      },
    );
  };

  const pickerProps = (label: string) => ({
    label,
    valueFormat,
    firstDayOfWeek,
    clearable: true,
    clearButtonProps: { 'aria-label': `Clear ${label.toLowerCase()}` },
    ariaLabels: CALENDAR_LABELS,
    // Weekends in Mantine's red are 3.3:1 on white (axe color-contrast); a banner's days are all alike.
    weekendDays: [] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[],
    submitButtonProps: { 'aria-label': `Done: ${label.toLowerCase()}` },
    timePickerProps: {
      format: hour12 ? ('12h' as const) : ('24h' as const),
      hoursInputLabel: `${label}: hours`,
      minutesInputLabel: `${label}: minutes`,
      amPmInputLabel: `${label}: AM or PM`,
    },
    popoverProps: { withinPortal: true },
  });
  return (
    <Modal opened onClose={onClose} title={banner ? 'Edit banner' : 'New banner'} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Title"
            withAsterisk
            value={values.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title}
            maxLength={120}
          />
          <MessageField value={values.message} onChange={(html) => set('message', html)} error={errors.message} />
          <Checkbox.Group
            label="Who sees it"
            withAsterisk
            value={values.audiences}
            onChange={(v) => set('audiences', v as BannerFormValues['audiences'])}
            error={errors.audiences}
          >
            <Group mt={6}>
              {gymBannerAudiences.map((a) => (
                <Checkbox key={a} value={a} label={audienceLabels[a]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow align="flex-start" wrap="wrap">
            <DateTimePicker
              {...pickerProps('Show from')}
              description={`Empty: at once. Gym time (${timeZone})`}
              value={values.startsAt}
              onChange={(v) => set('startsAt', v)}
              error={errors.startsAt}
              miw={220}
            />
            <DateTimePicker
              {...pickerProps('Show until')}
              description={`Empty: until you end it. Gym time (${timeZone})`}
              value={values.endsAt}
              onChange={(v) => set('endsAt', v)}
              error={errors.endsAt}
              miw={220}
            />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
