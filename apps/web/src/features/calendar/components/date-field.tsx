import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { localeOf, type GymCountry } from '@spotter/shared';

type DateFieldProps = {
  label: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  country: GymCountry;
  error?: React.ReactNode;
  clearable?: boolean;
  required?: boolean;
  minDate?: string;
  description?: string;
};

/** A gym-local date (YYYY-MM-DD) shown in the gym's format, weeks starting on the gym's first weekday (spec 9). */
export function DateField({ country, required = false, ...props }: DateFieldProps) {
  const { dateFormat, firstDayOfWeek } = localeOf(country);
  return <DatePickerInput {...props} withAsterisk={required} valueFormat={dateFormat} firstDayOfWeek={firstDayOfWeek} popoverProps={{ withinPortal: true }} />;
}
