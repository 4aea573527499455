import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { documentTypeLabels, membershipStateLabels, membershipStates } from '@spotter/shared';
import { useSearchTerm } from '../../../lib/search-term';
import { useAthleteOptions, useIssueDocuments, useTemplateOptions } from '../api/issued';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The athlete page's tab: issue to this athlete only. */
  athlete?: { athleteId: string; fullName: string };
};

/** "Issue document": a template's current version to chosen athletes, or to every athlete matching a filter. */
export function IssueDocumentDialog({ opened, onClose, athlete }: Props) {
  const templates = useTemplateOptions();
  const issue = useIssueDocuments();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [mode, setMode] = useState<'chosen' | 'filter'>('chosen');
  const [chosen, setChosen] = useState<{ value: string; label: string }[]>([]);
  const [searchText, setSearchText] = useState('');
  const search = useSearchTerm(searchText);
  const options = useAthleteOptions(search);
  const [filterSearch, setFilterSearch] = useState('');
  const [membershipState, setMembershipState] = useState<string | null>(null);
  const [unsignedOnly, setUnsignedOnly] = useState(false);
  const [sendEmail, setSendEmail] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const active = (templates.data ?? []).filter((t) => !t.archived);
  const optionData = [
    ...chosen,
    ...(options.data?.results ?? []).filter((a) => !chosen.some((c) => c.value === a.athleteId)).map((a) => ({ value: a.athleteId, label: a.fullName })),
  ];
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!templateId) return setError('Choose a template.');
    if (!athlete && mode === 'chosen' && chosen.length === 0) return setError('Choose at least one athlete.');
    setError(null);
    const body = athlete
      ? { templateId, athleteIds: [athlete.athleteId], sendEmail }
      : mode === 'chosen'
        ? { templateId, athleteIds: chosen.map((c) => c.value), sendEmail }
        : {
            templateId,
            sendEmail,
            filter: {
              search: filterSearch.trim(),
              ...(membershipState ? { membershipState: membershipState as (typeof membershipStates)[number] } : {}),
              ...(unsignedOnly ? { unsignedDocument: 'true' as const } : {}),
            },
          };
    issue.mutate(body, {
      onSuccess: () => {
        setChosen([]);
        close();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={athlete ? `Issue a document to ${athlete.fullName}` : 'Issue document'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {templates.isError && <Alert color="red">The templates could not be loaded. Try again in a moment.</Alert>}
          {templates.data && active.length === 0 && <Alert color="yellow">No templates yet. Write one under Documents → Templates first.</Alert>}
          <Select
            label="Template"
            placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'}
            data={active.map((t) => ({ value: t.templateId, label: `${t.title} (${documentTypeLabels[t.type]}, v${t.currentVersion})` }))}
            value={templateId}
            onChange={setTemplateId}
            searchable
            required
            data-autofocus
          />
          {!athlete && (
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as 'chosen' | 'filter')}
              data={[
                { value: 'chosen', label: 'Chosen athletes' },
                { value: 'filter', label: 'All athletes matching a filter' },
              ]}
              aria-label="Who receives it"
            />
          )}
          {!athlete && mode === 'chosen' && (
            <MultiSelect
              label="Athletes"
              placeholder="Search by name or email"
              data={optionData}
              value={chosen.map((c) => c.value)}
              onChange={(values) => setChosen(values.map((v) => optionData.find((o) => o.value === v)!).filter(Boolean))}
              searchable
              searchValue={searchText}
              onSearchChange={setSearchText}
              filter={({ options: o }) => o}
              nothingFoundMessage={options.isFetching ? 'Searching…' : 'No athlete matches'}
              hidePickedOptions
            />
          )}
          {!athlete && mode === 'filter' && (
            <Stack gap="xs">
              <Text size="sm" c="#495057">
                Every current athlete matching these filters receives it (those who already have an unsigned copy are skipped).
              </Text>
              <TextInput label="Name, email or phone contains" value={filterSearch} onChange={(e) => setFilterSearch(e.currentTarget.value)} />
              <Select
                label="Membership"
                data={[{ value: '', label: 'Any membership' }, ...membershipStates.map((s) => ({ value: s, label: membershipStateLabels[s] }))]}
                value={membershipState ?? ''}
                onChange={(v) => setMembershipState(v || null)}
                allowDeselect={false}
              />
              <Checkbox label="Only athletes with a document still to sign" checked={unsignedOnly} onChange={(e) => setUnsignedOnly(e.currentTarget.checked)} />
            </Stack>
          )}
          <Checkbox label="Email a link to sign" checked={sendEmail} onChange={(e) => setSendEmail(e.currentTarget.checked)} />
          {error && (
            <Text c="red.9" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={issue.isPending}>
              Issue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
