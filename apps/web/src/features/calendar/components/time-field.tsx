import { TimePicker } from '@mantine/dates';
import { localeOf, type GymCountry } from '@spotter/shared';

type TimeFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  country: GymCountry;
};

/** A wall-clock time in the gym's format (spec 9: 12-hour in the US and Canada, 24-hour in the UK). */
export function TimeField({ label, value, onChange, error, country }: TimeFieldProps) {
  const { hour12 } = localeOf(country);
  return (
    <TimePicker
      label={label}
      withAsterisk
      format={hour12 ? '12h' : '24h'}
      value={value}
      onChange={onChange}
      error={error}
      hoursInputLabel={`${label}: hours`}
      minutesInputLabel={`${label}: minutes`}
      amPmInputLabel={`${label}: AM or PM`}
      minutesStep={5}
    />
  );
}
