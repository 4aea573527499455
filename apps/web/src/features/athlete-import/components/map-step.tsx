import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { importFieldLabels, importFields, type DateOrder, type ImportField, type ImportMapping } from '@spotter/shared';

const IGNORE = '';
const fieldOptions = [{ value: IGNORE, label: 'Ignore this column' }, ...importFields.map((f) => ({ value: f, label: importFieldLabels[f] }))];
const dateOrderOptions: { value: DateOrder; label: string }[] = [
  { value: 'MDY', label: 'Month first (MM/DD/YYYY)' },
  { value: 'DMY', label: 'Day first (DD/MM/YYYY)' },
];

/** The first values of a column, for recognising it. */
const examplesOf = (rows: readonly string[][], index: number) =>
  rows
    .map((r) => (r[index] ?? '').replace(/\s+/g, ' ').trim())
    .filter((v) => v !== '')
    .slice(0, 2)
    .join(' · ');

/** Step 2: each column of the file goes to a field of the athlete, or is ignored; pre-filled with the server's guess. */
export function MapStep({
  headers,
  sampleRows,
  mapping,
  onChange,
}: {
  headers: readonly string[];
  sampleRows: readonly string[][];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const setColumn = (index: number, value: string) =>
    onChange({ ...mapping, columns: mapping.columns.map((c, i) => (i === index ? ((value || null) as ImportField | null) : c)) });
  return (
    <Stack gap="sm" mt="md">
      <Text size="sm">
        We guessed where each column goes. Each of your file’s columns is listed with its first values: check where it goes, or choose “Ignore this column”.
      </Text>
      <NativeSelect
        label="Dates in this file"
        data={dateOrderOptions}
        value={mapping.dateOrder}
        onChange={(e) => onChange({ ...mapping, dateOrder: e.currentTarget.value as DateOrder })}
        maw={320}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {headers.map((header, i) => {
          const examples = examplesOf(sampleRows, i);
          return (
            <NativeSelect
              key={`${i}-${header}`}
              label={header}
              aria-label={`Imports “${header}” as`}
              description={examples ? `e.g. ${examples}` : 'Empty in the first rows'}
              data={fieldOptions}
              value={mapping.columns[i] ?? IGNORE}
              onChange={(e) => setColumn(i, e.currentTarget.value)}
              styles={{ description: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
