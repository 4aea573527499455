import { LabelledPagination } from './labelled-pagination';
import { Group, Text } from '@mantine/core';

type CardListPagerProps = {
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
  /** The range text, when the list words it itself (default "1–25 of 120"). */
  range?: string;
};

/**
 * The pager under a server-paged list shown as cards on a phone (athletes, invoices, issued documents): the range
 * shown and, with more than one page, compact pagination whose buttons say what they do.
 */
export function CardListPager({ page, pageSize, count, onPage, range }: CardListPagerProps) {
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Group justify="space-between" mt="sm" gap="xs" wrap="wrap">
      <Text size="sm" c="#495057">
        {range ?? `${(page - 1) * pageSize + 1}–${Math.min(count, page * pageSize)} of ${count}`}
      </Text>
      {totalPages > 1 && <LabelledPagination total={totalPages} value={page} onChange={onPage} size="sm" siblings={0} />}
    </Group>
  );
}
