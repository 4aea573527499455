import { LabelledPagination } from '../../../components/labelled-pagination';
import type { ReactNode } from 'react';
import { Alert, Card, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { PLATFORM_PAGE_SIZE } from '@spotter/shared';
import { useIsPhone } from '../hooks/use-is-phone';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Kept out of the phone card's label/value list (the card's title shows it). */
  isCardTitle?: boolean;
};

type PlatformTableProps<T> = {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  count: number;
  page: number;
  onPageChange: (page: number) => void;
  isPending: boolean;
  isError: boolean;
  /** Opens the row (a click anywhere on it); keyboard users reach the same place through a link in the row. */
  onRowClick?: (row: T) => void;
  pageSize?: number;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
};

/** Spec 9: skeleton rows are computed at 42 px per row of the room the table has. */
export const SKELETON_ROW_HEIGHT = 42;

export function skeletonRowCount(viewportHeight: number, pageSize = PLATFORM_PAGE_SIZE): number {
  return Math.max(3, Math.min(pageSize, Math.floor((viewportHeight - 280) / SKELETON_ROW_HEIGHT)));
}

/** A click on a link, button or menu inside the row does its own thing (React events bubble out of portals too). */
function isInteractive(target: EventTarget): boolean {
  return target instanceof Element && target.closest('a, button, input, [role="menu"], [role="menuitem"], [role="dialog"]') !== null;
}

function ErrorAlert() {
  return (
    <Alert color="red" title="Error" role="alert">
      Something went wrong while fetching data!
    </Alert>
  );
}

function Pager({ count, page, pageSize, onPageChange }: { count: number; page: number; pageSize: number; onPageChange: (page: number) => void }) {
  const total = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <Group justify="space-between" mt="sm" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        {count === 0 ? 'No entries' : `${first}–${last} of ${count}`}
      </Text>
      {total > 1 && <LabelledPagination total={total} value={page} onChange={onPageChange} size="sm" siblings={1} />}
    </Group>
  );
}

/** A console list: a table on a tablet or desktop, cards on a phone; skeleton rows, empty state, error alert, pages. */
export function PlatformTable<T>({
  label,
  columns,
  rows,
  rowKey,
  count,
  page,
  onPageChange,
  isPending,
  isError,
  onRowClick,
  pageSize = PLATFORM_PAGE_SIZE,
  minWidth = 720,
}: PlatformTableProps<T>) {
  const isPhone = useIsPhone();
  if (isError) return <ErrorAlert />;
  const skeletons = isPending ? skeletonRowCount(typeof window === 'undefined' ? 800 : window.innerHeight, pageSize) : 0;
  const isEmpty = !isPending && (rows?.length ?? 0) === 0;

  if (isPhone) {
    return (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label} aria-busy={isPending}>
          {Array.from({ length: skeletons }, (_, i) => (
            <Skeleton key={i} component="li" height={SKELETON_ROW_HEIGHT * 2} radius="md" data-testid="skeleton-row" />
          ))}
          {isEmpty && (
            <Paper component="li" withBorder p="lg" radius="md">
              <Text ta="center">No results found</Text>
            </Paper>
          )}
          {!isPending &&
            rows?.map((row) => (
              <Card key={rowKey(row)} component="li" withBorder radius="md" padding="sm">
                {columns
                  .filter((c) => c.isCardTitle)
                  .map((c) => (
                    <Text key={c.header} fw={700} mb={4} component="div">
                      {c.cell(row)}
                    </Text>
                  ))}
                <Stack gap={4}>
                  {columns
                    .filter((c) => !c.isCardTitle)
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
        <Table.ScrollContainer minWidth={minWidth}>
          <Table aria-label={label} aria-busy={isPending} highlightOnHover={Boolean(onRowClick)} verticalSpacing={8}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header}>{c.header}</Table.Th>
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
              {isEmpty && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text ta="center" py="md">
                      No results found
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {!isPending &&
                rows?.map((row) => (
                  <Table.Tr
                    key={rowKey(row)}
                    h={SKELETON_ROW_HEIGHT}
                    onClick={onRowClick ? (event) => !isInteractive(event.target) && onRowClick(row) : undefined}
                    style={onRowClick ? { cursor: 'pointer' } : undefined}
                  >
                    {columns.map((c) => (
                      <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
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
