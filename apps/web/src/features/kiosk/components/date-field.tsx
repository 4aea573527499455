import { Input, type MantineSize } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { formatDate, localeOf, type GymCountry } from '@spotter/shared';
import { onDemand, useOnDemand } from '../../../lib/use-on-demand';

const datePickerInput = onDemand('kiosk-date-picker', async () => (await import('./date-picker-input')).DatePickerInput);

type DateFieldProps = {
  label: string;
  size: MantineSize;
  /** YYYY-MM-DD */
  value: string;
  onChange: (value: string | null) => void;
  country: GymCountry | null | undefined;
  maw?: number;
};

/**
 * Mantine's DatePickerInput (picker, dayjs and their CSS, about 23 KB gzipped) loaded on first focus, hover or
 * click. Until then a look-alike with the same label, value, attributes and styles stands in.
 */
export function DateField({ country, ...props }: DateFieldProps) {
  const { loaded: DatePickerInput, targetRef, standInProps } = useOnDemand(datePickerInput, { loadOnFocus: true });
  const id = useId();
  if (DatePickerInput) {
    const { dateFormat, firstDayOfWeek } = localeOf(country);
    return <DatePickerInput ref={targetRef} {...props} valueFormat={dateFormat} firstDayOfWeek={firstDayOfWeek} />;
  }
  const { label, size, value, maw } = props;
  return (
    <>
      <Input.Wrapper label={label} size={size} maw={maw} id={id} __staticSelector="DatePickerInput">
        <Input<'button'>
          {...standInProps}
          component="button"
          type="button"
          size={size}
          multiline
          id={id}
          aria-haspopup="dialog"
          aria-expanded={false}
          data-dates-input
          __staticSelector="DatePickerInput"
          // The picker resolves its CSS variables from its own props, not the input's defaults.
          __stylesApiProps={{ size }}
          // What @mantine/dates/styles.css gives the picker's input (.m_6fa5e2aa).
          styles={{ input: { cursor: 'pointer', lineHeight: 'unset' } }}
        >
          {formatDate(value, country)}
        </Input>
      </Input.Wrapper>
      <input type="hidden" value={value} />
    </>
  );
}
