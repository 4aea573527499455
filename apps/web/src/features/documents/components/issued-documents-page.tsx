import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Pill, Select, TextInput } from '@mantine/core';
import {
  DOCUMENTS_PAGE_SIZE,
  documentStateLabels,
  documentStates,
  documentTypeLabels,
  documentTypes,
  type DocumentState,
  type DocumentType,
} from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useSearchTerm } from '../../../lib/search-term';
import { useCurrentSession } from '../../auth';
import { useIsNarrow } from '../../event-setup';
import { useGym } from '../../events';
import { useExportDocumentsCsv, useIssuedDocuments, useTemplateOptions, type IssuedFilters } from '../api/issued';
import { HandOffButton } from './hand-off-button';
import { IssuedDocumentDrawer } from './issued-document-drawer';
import { Empty, IssuedDocumentsList, type DocumentSort } from './issued-documents-list';
import { IssueDocumentDialog } from './issued-issue-dialog';

const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | null => (v && (list as readonly string[]).includes(v) ? (v as T) : null);
const sortKeys = ['issuedAt', 'signedAt', 'title', 'athlete'] as const;

function filtersOf(params: URLSearchParams): IssuedFilters & { page: number } & DocumentSort {
  return {
    state: oneOf<DocumentState>(documentStates, params.get('state')),
    type: oneOf<DocumentType>(documentTypes, params.get('type')),
    templateId: params.get('templateId'),
    athleteId: params.get('athleteId'),
    from: isDate(params.get('from')),
    to: isDate(params.get('to')),
    search: params.get('search') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    sort: oneOf(sortKeys, params.get('sort')) ?? 'issuedAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** `/documents/issued` (issue 20): every document issued to the gym's athletes, filtered, with CSV, issuing and each document's detail. */
export function IssuedDocumentsPage() {
  const session = useCurrentSession();
  const gymQuery = useGym(session.gym?.gymId ?? '');
  const gym = { timeZone: gymQuery.data?.timeZone ?? 'UTC', country: gymQuery.data?.country ?? null };
  const isNarrow = useIsNarrow();
  const [params, setParams] = useSearchParams();
  const { page, sort, order, ...filters } = useMemo(() => filtersOf(params), [params]);
  const openId = params.get('document');
  const [issuing, setIssuing] = useState(false);
  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const set = (change: Partial<Record<keyof IssuedFilters, string | null>>) => update({ ...change, page: null });
  const [searchText, setSearchText] = useState(filters.search);
  const debounced = useSearchTerm(searchText);
  useEffect(() => {
    if (debounced !== filters.search) set({ search: debounced || null });
    // Only a new debounced text moves the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const listFilters = useMemo(() => ({ ...filters, sort, order }), [filters, sort, order]);
  const documents = useIssuedDocuments(listFilters, page);
  const templates = useTemplateOptions();
  const exportCsv = useExportDocumentsCsv();
  const filtered = Object.entries(filters).some(([, v]) => v !== null && v !== '');
  const clear = () => {
    setSearchText('');
    setParams(new URLSearchParams(), { replace: true });
  };
  const athleteName = documents.data?.results.find((r) => r.athlete.athleteId === filters.athleteId)?.athlete.fullName;
  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'The end date must be on or after the start date.' : null;
  const half = isNarrow ? 'calc(50% - 6px)' : 170;

  return (
    <>
      <PageHeader
        title="Issued documents"
        actions={
          <Group gap="sm">
            <Button variant="default" onClick={() => exportCsv.mutate(listFilters)} loading={exportCsv.isPending}>
              Export CSV
            </Button>
            <Button onClick={() => setIssuing(true)}>Issue document</Button>
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        <TextInput
          type="search"
          label="Search"
          placeholder="Document or athlete"
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          style={{ flexGrow: 1, minWidth: 200, maxWidth: isNarrow ? undefined : 280 }}
        />
        <Select
          label="State"
          data={[{ value: '', label: 'Any state' }, ...documentStates.map((s) => ({ value: s, label: documentStateLabels[s] }))]}
          value={filters.state ?? ''}
          onChange={(v) => set({ state: v || null })}
          allowDeselect={false}
          w={half}
        />
        <Select
          label="Type"
          data={[{ value: '', label: 'Any type' }, ...documentTypes.map((t) => ({ value: t, label: documentTypeLabels[t] }))]}
          value={filters.type ?? ''}
          onChange={(v) => set({ type: v || null })}
          allowDeselect={false}
          w={half}
        />
        <Select
          label="Template"
          data={[
            { value: '', label: 'Any template' },
            ...(templates.data ?? []).map((t) => ({ value: t.templateId, label: t.archived ? `${t.title} (archived)` : t.title })),
          ]}
          value={filters.templateId ?? ''}
          onChange={(v) => set({ templateId: v || null })}
          allowDeselect={false}
          searchable
          w={isNarrow ? '100%' : 220}
        />
        <TextInput type="date" label="Issued from" value={filters.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || null })} w={half} />
        <TextInput
          type="date"
          label="Issued to"
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.currentTarget.value || null })}
          error={rangeError}
          w={half}
        />
        {filters.athleteId && (
          <Pill size="lg" withRemoveButton onRemove={() => set({ athleteId: null })} removeButtonProps={{ 'aria-label': 'Show every athlete' }}>
            {`Athlete: ${athleteName ?? 'chosen athlete'}`}
          </Pill>
        )}
        {filtered && (
          <Button variant="subtle" onClick={clear}>
            Clear filters
          </Button>
        )}
      </Group>
      <IssuedDocumentsList
        query={documents}
        gym={gym}
        page={page}
        pageSize={DOCUMENTS_PAGE_SIZE}
        onPage={(p) => update({ page: p > 1 ? String(p) : null })}
        onOpen={(id) => update({ document: id })}
        onAthlete={(athleteId) => set({ athleteId })}
        isNarrow={isNarrow}
        sort={{ sort, order }}
        onSort={(s) => update({ sort: s.sort === 'issuedAt' ? null : s.sort, order: s.order === 'desc' ? null : s.order, page: null })}
        empty={
          filtered ? (
            <Empty
              action={
                <Button variant="default" onClick={clear}>
                  Clear filters
                </Button>
              }
            >
              No documents match these filters.
            </Empty>
          ) : (
            <Empty action={<Button onClick={() => setIssuing(true)}>Issue document</Button>}>
              No documents issued yet. Issue a template to athletes, or set a template’s rules to issue it on sign-up or purchase.
            </Empty>
          )
        }
      />
      <IssuedDocumentDrawer
        documentId={openId}
        onClose={() => update({ document: null })}
        isNarrow={isNarrow}
        gym={gym}
        handOff={(id) => <HandOffButton documentId={id} />}
      />
      <IssueDocumentDialog opened={issuing} onClose={() => setIssuing(false)} />
    </>
  );
}
