import { TextInput } from '@mantine/core';

type SearchBoxProps = { label: string; placeholder: string; value: string; onChange: (value: string) => void };

/** The console's search field; the caller debounces (spec 9: 250 ms). */
export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      mb="md"
      maw={420}
    />
  );
}
