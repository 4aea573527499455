import { Alert, Button, Card, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate, type ImportMapping } from '@spotter/shared';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';
import { useAthleteImportPreview } from '../api/preview-athlete-import';
import { OutcomeBadge, RowErrors, countsText } from './import-parts';

const LOAD_ERROR = 'Something went wrong while fetching data!';

/** Below Mantine's sm breakpoint (a phone): the first rows as cards, not a table scrolled sideways. */
export const PHONE_QUERY = '(max-width: 47.99em)';
function useIsPhone(): boolean {
  const initial = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
  return useMediaQuery(PHONE_QUERY, initial, { getInitialValueInEffect: false });
}

/** Step 3: the first rows as they would be imported, each with its problems, and the whole file's dry run. */
export function PreviewStep({
  importId,
  mapping,
  onBack,
  onImport,
  isStarting,
}: {
  importId: string;
  mapping: ImportMapping;
  onBack: () => void;
  onImport: () => void;
  isStarting: boolean;
}) {
  const preview = useAthleteImportPreview(importId, mapping);
  // Issue 34: birth dates as the gym's country writes them (ISO only while the gym loads).
  const country = useGym(useCurrentSession().gym?.gymId ?? '').data?.country;
  const dob = (d: string | null) => (d ? (country ? formatDate(d, country) : d) : '—');
  const isPhone = useIsPhone();
  const p = preview.data;
  return (
    <Stack gap="md" mt="md">
      {preview.isError && (
        <Alert color="red" title="Error">
          {LOAD_ERROR}
        </Alert>
      )}
      {!p && preview.isPending && <Skeleton height={160} data-testid="preview-skeleton" />}
      {p && (
        <>
          <section aria-labelledby="import-dry-run">
            <Title order={3} size="h5" id="import-dry-run">
              Dry run of all {p.totalRows.toLocaleString('en-US')} rows
            </Title>
            <List size="sm" mt={4}>
              {countsText({ create: p.toCreate, existing: p.existing, duplicates: p.duplicates, invalid: p.invalid }, false).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </section>
          <section aria-labelledby="import-first-rows">
            <Title order={3} size="h5" id="import-first-rows">
              First rows
            </Title>
            {isPhone ? (
              <Stack component="ul" gap="xs" p={0} m={0} mt={4} style={{ listStyle: 'none' }} aria-labelledby="import-first-rows">
                {p.rows.map((r) => (
                  <Card key={r.row} component="li" withBorder radius="md" padding="sm">
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {`${r.firstName} ${r.lastName}`.trim() || '—'}
                        </Text>
                        <Text size="xs" c="dimmed">{`Row ${r.row}`}</Text>
                      </Stack>
                      <OutcomeBadge outcome={r.outcome} />
                    </Group>
                    <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                      {`Email: ${r.email || '—'}`}
                    </Text>
                    <Text size="sm">{`Date of birth: ${dob(r.dob)}`}</Text>
                    {r.messages.map((m) => (
                      <Text key={m} size="xs" c={r.outcome === 'invalid' ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                        {m}
                      </Text>
                    ))}
                  </Card>
                ))}
              </Stack>
            ) : (
              // Focusable, so that a keyboard can scroll it sideways on a narrow screen (axe scrollable-region-focusable).
              <Table.ScrollContainer type="native" minWidth={560} tabIndex={0} role="region" aria-labelledby="import-first-rows">
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Row</Table.Th>
                      <Table.Th scope="col">Name</Table.Th>
                      <Table.Th scope="col">Email</Table.Th>
                      <Table.Th scope="col">Date of birth</Table.Th>
                      <Table.Th scope="col">Result</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {p.rows.map((r) => (
                      <Table.Tr key={r.row}>
                        <Table.Td>{r.row}</Table.Td>
                        <Table.Td>{`${r.firstName} ${r.lastName}`.trim() || '—'}</Table.Td>
                        <Table.Td>{r.email || '—'}</Table.Td>
                        <Table.Td>{dob(r.dob)}</Table.Td>
                        <Table.Td>
                          <OutcomeBadge outcome={r.outcome} />
                          {r.messages.map((m) => (
                            <Text key={m} size="xs" c={r.outcome === 'invalid' ? 'red.8' : 'dimmed'}>
                              {m}
                            </Text>
                          ))}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </section>
          {p.invalid > 0 && (
            <section aria-labelledby="import-invalid-rows">
              <Title order={3} size="h5" id="import-invalid-rows">
                Rows that will be skipped as invalid
              </Title>
              <RowErrors errors={p.errors} total={p.invalid} />
            </section>
          )}
          {p.toCreate === 0 && <Text size="sm">Nothing new to import: fix the rows above or the column mapping.</Text>}
        </>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onImport} loading={isStarting} disabled={!p || p.toCreate === 0 || preview.isFetching}>
          {p ? `Import ${p.toCreate.toLocaleString('en-US')} ${p.toCreate === 1 ? 'athlete' : 'athletes'}` : 'Import'}
        </Button>
      </Group>
    </Stack>
  );
}
