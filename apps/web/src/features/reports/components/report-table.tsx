import { Alert, Box, Table, UnstyledButton } from '@mantine/core';
import { REPORT_MAX_ROWS, reportCellText, type GymCountry, type Report, type ReportRow } from '@spotter/shared';

type Props = { report: Report; country: GymCountry; onDrill: (row: ReportRow, label: string) => void };

/** A row's name: its first column's text (the period, the package, the athlete). */
export const rowLabel = (report: Report, row: ReportRow, country: GymCountry) => {
  const first = report.columns[0];
  return first ? reportCellText(first.kind, row.cells[first.key] ?? null, country) : row.key;
};

/**
 * The report's table, each cell as the CSV holds it (reportCellText). A row with something behind it opens its
 * drill-down from a button in its first cell; on a narrow screen the table scrolls sideways inside its own region.
 */
export function ReportTable({ report, country, onDrill }: Props) {
  const numeric = (kind: string) => kind === 'money' || kind === 'count' || kind === 'percent';
  return (
    <>
      {report.truncated && (
        <Alert color="yellow" title="Only the first rows" mb="sm" role="status">
          {`The table (and its CSV) shows the first ${REPORT_MAX_ROWS.toLocaleString('en-US')} rows. Choose a shorter range to see the rest.`}
        </Alert>
      )}
      <Box role="region" aria-label={`${report.title} table`} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover miw={Math.max(320, report.columns.length * 130)} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {report.columns.map((c) => (
                <Table.Th key={c.key} ta={numeric(c.kind) ? 'right' : undefined} scope="col">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.map((row) => {
              const label = rowLabel(report, row, country);
              return (
                <Table.Tr key={row.key} style={row.canDrill ? { cursor: 'pointer' } : undefined} onClick={row.canDrill ? () => onDrill(row, label) : undefined}>
                  {report.columns.map((c, i) => {
                    const text = reportCellText(c.kind, row.cells[c.key] ?? null, country);
                    return (
                      <Table.Td key={c.key} ta={numeric(c.kind) ? 'right' : undefined}>
                        {i === 0 && row.canDrill ? (
                          <UnstyledButton
                            c="blue.8"
                            td="underline"
                            fz="sm"
                            aria-haspopup="dialog"
                            aria-label={`Show who is behind ${text || 'this row'}`}
                            onClick={(e) => {
                              e.stopPropagation();
                              onDrill(row, label);
                            }}
                          >
                            {text}
                          </UnstyledButton>
                        ) : (
                          text
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
    </>
  );
}
