import { NativeSelect, Stack, Table, Text } from '@mantine/core';
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
      <Text size="sm">We guessed where each column goes. Check the guesses, and choose “Ignore this column” for what you do not need.</Text>
      <NativeSelect
        label="Dates in this file"
        data={dateOrderOptions}
        value={mapping.dateOrder}
        onChange={(e) => onChange({ ...mapping, dateOrder: e.currentTarget.value as DateOrder })}
        maw={320}
      />
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Column in your file</Table.Th>
              <Table.Th scope="col">First values</Table.Th>
              <Table.Th scope="col">Imports as</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {headers.map((header, i) => (
              <Table.Tr key={`${i}-${header}`}>
                <Table.Th scope="row" fw={500}>
                  {header}
                </Table.Th>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {examplesOf(sampleRows, i) || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <NativeSelect aria-label={`Imports “${header}” as`} data={fieldOptions} value={mapping.columns[i] ?? IGNORE} onChange={(e) => setColumn(i, e.currentTarget.value)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
