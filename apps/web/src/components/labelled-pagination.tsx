import { Pagination, type PaginationProps } from '@mantine/core';

const controlName = (control: string) => `${control.charAt(0).toUpperCase()}${control.slice(1)} page`;

/**
 * Mantine's Pagination with a name on every button (axe button-name): the pages "Page N", the arrows "Previous page",
 * "Next page" (and "First page", "Last page"). Every paged list uses this one.
 */
export function LabelledPagination(props: PaginationProps) {
  return (
    <Pagination
      size="sm"
      {...props}
      getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      getControlProps={(control) => ({ 'aria-label': controlName(control) })}
    />
  );
}
