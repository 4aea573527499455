import { useState } from 'react';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { documentTypeLabels, type DocumentTemplateRow } from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';
import { ConfirmDialog, RowActions, SetupEmpty, SetupTable, StatusBadge, type Column, type Confirmation } from '../../event-setup';
import { TemplateEditor } from './templates-editor';
import { useArchiveDocumentTemplate, useDocumentTemplates, useRulePackages } from './templates-queries';

type Action = 'edit' | 'archive' | 'restore';
type Status = 'active' | 'archived';

/** The rules of a template as badges: when it is issued by itself. */
export function RuleBadges({ template, packageNames }: { template: DocumentTemplateRow; packageNames: Map<string, string> }) {
  const badges: string[] = [];
  if (template.requiredOnSignUp) badges.push('On sign-up');
  if (template.requiredBeforeBooking) badges.push('Before booking');
  if (template.packageIds.length === 1) badges.push(`On buying ${packageNames.get(template.packageIds[0]!) ?? '1 package'}`);
  else if (template.packageIds.length > 1) badges.push(`On buying ${template.packageIds.length} packages`);
  if (badges.length === 0)
    return (
      <Text size="sm" c="dark.3">
        Issued by hand
      </Text>
    );
  return (
    <Group gap={4}>
      {badges.map((b) => (
        <Badge key={b} variant="light" color="indigo" c="indigo.9" radius="sm" tt="none" fw={500}>
          {b}
        </Badge>
      ))}
    </Group>
  );
}

/** Issue 20 `/documents/templates`: the gym's waivers, contracts and policies, their rules and counts; the editor. */
export function TemplatesPage() {
  const [status, setStatus] = useState<Status>('active');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const list = useDocumentTemplates();
  const packages = useRulePackages();
  const gym = useGym(useCurrentSession().gym?.gymId ?? '');
  const act = useArchiveDocumentTemplate();
  const packageNames = new Map((packages.data?.results ?? []).map((p) => [p.packageId, p.name]));
  const rows = list.data?.filter((t) => t.archived === (status === 'archived'));
  const pageSize = 25;

  const onAction = (t: DocumentTemplateRow, action: Action) => {
    if (action === 'edit') {
      setEditing(t.templateId);
      return;
    }
    const texts = {
      archive: {
        title: 'Archive template?',
        message: `${t.title} will no longer be issued, by hand or by its rules. Documents already issued stay. You can restore it later.`,
        confirmLabel: 'Archive',
      },
      restore: { title: 'Restore template?', message: `${t.title} can be issued again and its rules apply again.`, confirmLabel: 'Restore' },
    }[action];
    setConfirmation({
      ...texts,
      run: () => act.mutate({ templateId: t.templateId, archive: action === 'archive', title: t.title }, { onSettled: () => setConfirmation(null) }),
    });
  };

  const columns: Column<DocumentTemplateRow>[] = [
    {
      header: 'Title',
      isCardTitle: true,
      cell: (t) => (
        <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => setEditing(t.templateId)}>
          {t.title}
        </Anchor>
      ),
    },
    { header: 'Type', cell: (t) => documentTypeLabels[t.type] },
    { header: 'Version', cell: (t) => `v${t.currentVersion}` },
    { header: 'Required', cell: (t) => <RuleBadges template={t} packageNames={packageNames} /> },
    { header: 'Unsigned', cell: (t) => t.unsignedCount },
    { header: 'Signed', cell: (t) => t.signedCount },
    { header: 'Status', cell: (t) => <StatusBadge isArchived={t.archived} /> },
    {
      header: 'Actions',
      isActions: true,
      cell: (t) => <RowActions name={t.title} actions={['edit', t.archived ? 'restore' : 'archive']} onAction={(a) => onAction(t, a as Action)} />,
    },
  ];

  const empty =
    status === 'archived' ? (
      <SetupEmpty>No archived templates. Archive a template you no longer use: documents already issued stay.</SetupEmpty>
    ) : (
      <SetupEmpty action={<Button onClick={() => setEditing('new')}>New template</Button>}>
        No templates yet. Write your liability waiver or membership contract, add merge fields, and choose when athletes must sign it.
      </SetupEmpty>
    );

  return (
    <>
      <PageHeader title="Document templates" actions={<Button onClick={() => setEditing('new')}>New template</Button>} />
      <Stack gap="md">
        <Text c="dimmed" size="sm" mt={-8}>
          Waivers, contracts and policies your athletes sign. Editing one makes a new version; documents already issued keep theirs.
        </Text>
        <Group>
          <SegmentedControl
            aria-label="Show"
            value={status}
            onChange={(value) => {
              setStatus(value as Status);
              setPage(1);
            }}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
            ]}
          />
        </Group>
        <SetupTable
          label="Document templates"
          columns={columns}
          rows={rows?.slice((page - 1) * pageSize, page * pageSize)}
          rowKey={(t) => t.templateId}
          count={rows?.length ?? 0}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          isPending={list.isPending}
          isError={list.isError}
          empty={empty}
        />
      </Stack>
      {editing !== null && (
        <TemplateEditor
          templateId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          timeZone={gym.data?.timeZone ?? 'UTC'}
          country={gym.data?.country ?? 'US'}
        />
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} isPending={act.isPending} />
    </>
  );
}
