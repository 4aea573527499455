import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import {
  MESSAGES_PAGE_SIZE,
  hasPermission,
  isMessageTemplateKind,
  messageStateLabels,
  messageStates,
  messageTemplateCatalogue,
  messageTemplateKinds,
  type MessageState,
  type MessageTemplateKind,
  type MessageTemplateRow,
} from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useSearchTerm } from '../../../lib/search-term';
import { useCurrentSession } from '../../auth';
import { useIsNarrow } from '../../event-setup';
import { useGym } from '../../events';
import { useExportMessagesCsv, useMessageTemplates, useMessages, type MessageFilters } from '../api/messages';
import { MessageTemplateEditor } from './message-template-editor';
import { Empty, MessageDrawer, MessageList } from './message-list';

const groups = ['Accounts', 'Bookings', 'Billing', 'Documents'] as const;
const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/**
 * `/flows/templates` (issue 22, decision 036): the wording of every mail the product sends (FlowView sees, FlowMutate
 * changes) and the gym's sent messages (the message log: state, retries, last error; CSV).
 */
export function MessageTemplatesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sent' ? 'sent' : 'templates';
  return (
    <>
      <PageHeader title="Message Templates" />
      <Tabs
        value={tab}
        onChange={(v) => {
          setParams(v === 'sent' ? new URLSearchParams({ tab: 'sent' }) : new URLSearchParams(), { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="templates">Templates</Tabs.Tab>
          <Tabs.Tab value="sent">Sent messages</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="templates">
          <TemplatesTab />
        </Tabs.Panel>
        <Tabs.Panel value="sent">
          <SentMessagesTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function TemplatesTab() {
  const session = useCurrentSession();
  const canEdit = hasPermission(session, 'FlowMutate');
  const templates = useMessageTemplates();
  const [params, setParams] = useSearchParams();
  const openParam = params.get('template');
  const open: MessageTemplateKind | null = openParam && isMessageTemplateKind(openParam) ? openParam : null;
  const setOpen = (kind: MessageTemplateKind | null) => {
    const next = new URLSearchParams(params);
    if (kind) next.set('template', kind);
    else next.delete('template');
    setParams(next, { replace: true });
  };
  if (templates.isPending) {
    return (
      <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading message templates">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={64} radius="md" />
        ))}
      </Stack>
    );
  }
  if (templates.isError) {
    return (
      <Alert color="red" title="The templates could not be loaded">
        {errorMessage(templates.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Text size="sm" c="#495057">
        {canEdit
          ? 'Every mail the gym sends, with its wording. Open one to change its subject and message; the mails go out with the gym’s sender name and logo.'
          : 'Every mail the gym sends, with its wording. You can read them; changing them needs the permission to manage automation flows.'}
      </Text>
      {groups.map((group) => {
        const rows = templates.data.results.filter((r) => r.group === group);
        if (rows.length === 0) return null;
        return (
          <Stack key={group} gap="xs" component="section" aria-labelledby={`templates-${group}`}>
            <Title order={2} size="h4" id={`templates-${group}`}>
              {group}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {rows.map((row) => (
                <TemplateCard key={row.kind} row={row} onOpen={() => setOpen(row.kind)} />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
      {open && <MessageTemplateEditor kind={open} canEdit={canEdit} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function TemplateCard({ row, onOpen }: { row: MessageTemplateRow; onOpen: () => void }) {
  return (
    <Card component="li" withBorder radius="md" padding={0}>
      <UnstyledButton
        onClick={onOpen}
        p="sm"
        style={{ display: 'block', width: '100%' }}
        aria-label={`${row.label}${row.isOverridden ? ' (customised)' : ''}: open`}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {row.label}
            </Text>
            <Text size="xs" c="#495057">
              {row.description}
            </Text>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {`Subject: ${row.subject}`}
            </Text>
          </Stack>
          {row.isOverridden && (
            <Badge variant="light" color="blue" c="#1c4f8a" tt="none" style={{ minWidth: 'max-content' }}>
              Customised
            </Badge>
          )}
        </Group>
      </UnstyledButton>
    </Card>
  );
}

const kindOptions = [
  { value: '', label: 'Any message' },
  ...messageTemplateKinds.map((k) => ({ value: k, label: messageTemplateCatalogue[k].label })),
  { value: 'athlete_bulk_email', label: 'Email to athletes' },
];

function filtersOf(params: URLSearchParams): MessageFilters & { page: number } {
  const status = params.get('status');
  return {
    status: status && (messageStates as readonly string[]).includes(status) ? (status as MessageState) : null,
    kind: params.get('kind'),
    from: isDate(params.get('from')),
    to: isDate(params.get('to')),
    search: params.get('search') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

function SentMessagesTab() {
  const session = useCurrentSession();
  const gymQuery = useGym(session.gym?.gymId ?? '');
  const gym = { timeZone: gymQuery.data?.timeZone ?? 'UTC', country: gymQuery.data?.country ?? null };
  const isNarrow = useIsNarrow();
  const [params, setParams] = useSearchParams();
  const { page, ...filters } = useMemo(() => filtersOf(params), [params]);
  const openId = params.get('message');
  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const set = (change: Partial<Record<keyof MessageFilters, string | null>>) => update({ ...change, page: null });
  const [searchText, setSearchText] = useState(filters.search);
  const debounced = useSearchTerm(searchText);
  useEffect(() => {
    if (debounced !== filters.search) set({ search: debounced || null });
    // Only a new debounced text moves the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'The end date must be on or after the start date.' : null;
  const messages = useMessages(rangeError ? { ...filters, to: null } : filters, page);
  const exportCsv = useExportMessagesCsv();
  const filtered = Object.values(filters).some((v) => v !== null && v !== '');
  const clear = () => {
    setSearchText('');
    setParams(new URLSearchParams({ tab: 'sent' }), { replace: true });
  };
  const half = isNarrow ? 'calc(50% - 6px)' : 170;
  return (
    <>
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        <TextInput
          type="search"
          label="Search"
          placeholder="Recipient or subject"
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          style={{ flexGrow: 1, minWidth: 200, maxWidth: isNarrow ? undefined : 280 }}
        />
        <Select
          label="State"
          data={[{ value: '', label: 'Any state' }, ...messageStates.map((s) => ({ value: s, label: messageStateLabels[s] }))]}
          value={filters.status ?? ''}
          onChange={(v) => set({ status: v || null })}
          allowDeselect={false}
          w={half}
        />
        <Select
          label="Message"
          data={kindOptions}
          value={filters.kind ?? ''}
          onChange={(v) => set({ kind: v || null })}
          allowDeselect={false}
          searchable
          w={isNarrow ? half : 240}
        />
        <TextInput type="date" label="From" value={filters.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || null })} w={half} />
        <TextInput type="date" label="To" value={filters.to ?? ''} onChange={(e) => set({ to: e.currentTarget.value || null })} error={rangeError} w={half} />
        {filtered && (
          <Button variant="subtle" onClick={clear}>
            Clear filters
          </Button>
        )}
        <Button variant="default" onClick={() => exportCsv.mutate(filters)} loading={exportCsv.isPending} ml={isNarrow ? undefined : 'auto'}>
          Export CSV
        </Button>
      </Group>
      <MessageList
        query={messages}
        gym={gym}
        page={page}
        pageSize={MESSAGES_PAGE_SIZE}
        onPage={(p) => update({ page: p > 1 ? String(p) : null })}
        onOpen={(id) => update({ message: id })}
        isNarrow={isNarrow}
        empty={
          filtered ? (
            <Empty
              action={
                <Button variant="default" onClick={clear}>
                  Clear filters
                </Button>
              }
            >
              No messages match these filters.
            </Empty>
          ) : (
            <Empty>No mails sent yet. Bookings, invoices and documents send them; they show here with their state.</Empty>
          )
        }
      />
      <MessageDrawer messageId={openId} onClose={() => update({ message: null })} gym={gym} isNarrow={isNarrow} />
    </>
  );
}
