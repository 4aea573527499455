import { LabelledPagination } from '../../../components/labelled-pagination';
import type { ReactNode } from 'react';
import { Alert, Card, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SETUP_PAGE_SIZE } from '@spotter/shared';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** The card's title on a narrow screen (kept out of its label/value list). */
  isCardTitle?: boolean;
  /** The row's actions: the card's top right corner on a narrow screen. */
  isActions?: boolean;
};

/** Spec 9: skeleton rows are computed at 42 px per row. */
export const SKELETON_ROW_HEIGHT = 42;

export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';

/** Below the medium breakpoint (a tablet beside the side menu, a phone) the rows become cards. */
const NARROW_QUERY = '(max-width: 61.99em)';

export function useIsNarrow(): boolean {
  const initial = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
  return useMediaQuery(NARROW_QUERY, initial, { getInitialValueInEffect: false });
}

export function skeletonRowCount(viewportHeight: number, pageSize = SETUP_PAGE_SIZE): number {
  return Math.max(3, Math.min(pageSize, Math.floor((viewportHeight - 320) / SKELETON_ROW_HEIGHT)));
}

/** Spec 8: a table that failed to load. */
export function LoadError() {
  return (
    <Alert color="red" title="Error" role="alert">
      {FETCH_FAILED_MESSAGE}
    </Alert>
  );
}

function Pager({ count, page, pageSize, onPageChange }: { count: number; page: number; pageSize: number; onPageChange: (page: number) => void }) {
  const total = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  if (count === 0) return null;
  return (
    <Group justify="space-between" mt="sm" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">{`${first}–${last} of ${count}`}</Text>
      {total > 1 && <LabelledPagination total={total} value={page} onChange={onPageChange} size="sm" siblings={1} />}
    </Group>
  );
}

type SetupTableProps<T> = {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  count: number;
  page: number;
  onPageChange: (page: number) => void;
  isPending: boolean;
  isError: boolean;
  /** What an empty list shows (spec 8: 'No results found' for a search; what to do next otherwise). */
  empty: ReactNode;
  pageSize?: number;
};

/** A set-up list: a table on a desktop, cards on a tablet or phone; skeletons, the empty state, the error, pages. */
export function SetupTable<T>({
  label,
  columns,
  rows,
  rowKey,
  count,
  page,
  onPageChange,
  isPending,
  isError,
  empty,
  pageSize = SETUP_PAGE_SIZE,
}: SetupTableProps<T>) {
  const isNarrow = useIsNarrow();
  if (isError) return <LoadError />;
  const skeletons = isPending ? skeletonRowCount(typeof window === 'undefined' ? 800 : window.innerHeight, pageSize) : 0;
  const isEmpty = !isPending && (rows?.length ?? 0) === 0;
  if (isEmpty) return <>{empty}</>;

  if (isNarrow) {
    return (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label} aria-busy={isPending}>
          {Array.from({ length: Math.min(skeletons, 6) }, (_, i) => (
            <Skeleton key={i} component="li" height={SKELETON_ROW_HEIGHT * 3} radius="md" data-testid="skeleton-row" />
          ))}
          {!isPending &&
            rows?.map((row) => (
              <Card key={rowKey(row)} component="li" withBorder radius="md" padding="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
                  {columns
                    .filter((c) => c.isCardTitle)
                    .map((c) => (
                      <Text key={c.header} fw={700} component="div" style={{ minWidth: 0 }}>
                        {c.cell(row)}
                      </Text>
                    ))}
                  {columns
                    .filter((c) => c.isActions)
                    .map((c) => (
                      <div key={c.header}>{c.cell(row)}</div>
                    ))}
                </Group>
                <Stack gap={4}>
                  {columns
                    .filter((c) => !c.isCardTitle && !c.isActions)
                    .map((c) => (
                      <Group key={c.header} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                          {c.header}
                        </Text>
                        <Text size="sm" component="div" ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                          {c.cell(row)}
                        </Text>
                      </Group>
                    ))}
                </Stack>
              </Card>
            ))}
        </Stack>
        {!isPending && <Pager count={count} page={page} pageSize={pageSize} onPageChange={onPageChange} />}
      </>
    );
  }

  return (
    <>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={880}>
          <Table aria-label={label} aria-busy={isPending} verticalSpacing={8}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header}>{c.isActions ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Array.from({ length: skeletons }, (_, i) => (
                <Table.Tr key={i} h={SKELETON_ROW_HEIGHT} data-testid="skeleton-row">
                  {columns.map((c) => (
                    <Table.Td key={c.header}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {!isPending &&
                rows?.map((row) => (
                  <Table.Tr key={rowKey(row)} h={SKELETON_ROW_HEIGHT}>
                    {columns.map((c) => (
                      <Table.Td key={c.header} ta={c.isActions ? 'right' : undefined}>
                        {c.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {!isPending && <Pager count={count} page={page} pageSize={pageSize} onPageChange={onPageChange} />}
    </>
  );
}
