import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import '@mantine/tiptap/styles.css';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import {
  DOCUMENT_LIMITS,
  documentTypeLabels,
  documentTypes,
  formatDate,
  mergeFields,
  mergeToken,
  renderDocumentBody,
  sampleMergeValues,
  toZoned,
  type DocumentTemplateDetail,
  type DocumentTemplateFormInput,
  type DocumentType,
} from '@spotter/shared';
import { MergeFieldMenu as SharedMergeFieldMenu } from '../../../components/merge-field-menu';
import { RichText } from '../../../components/rich-text';
import { errorMessage } from '../../../lib/api-client';
import { fieldRefusal } from '../../../lib/form-refusal';
import { RichTextField, richTextExtensions } from '../../programming';
import { useArchiveDocumentTemplate, useDocumentTemplate, useDocumentTemplateVersion, useRulePackages, useSaveDocumentTemplate } from './templates-queries';

type Props = {
  /** The template edited; null: a new one. */
  templateId: string | null;
  onClose: () => void;
  /** The gym's zone, for the versions' times. */
  timeZone: string;
  country: Parameters<typeof formatDate>[1];
};

/** The template editor: wording (a new version when saved changed), initials, rules, a live preview and the versions. */
export function TemplateEditor({ templateId, onClose, timeZone, country }: Props) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const detail = useDocumentTemplate(templateId);
  return (
    <Modal
      opened
      onClose={onClose}
      title={templateId ? 'Edit template' : 'New template'}
      size="90rem"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {templateId === null ? (
        <TemplateForm template={null} onClose={onClose} timeZone={timeZone} country={country} />
      ) : detail.isPending ? (
        <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading the template">
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={260} />
        </Stack>
      ) : detail.isError ? (
        <Alert color="red" title="The template could not be loaded">
          {errorMessage(detail.error)}
        </Alert>
      ) : (
        <TemplateForm key={detail.data.templateId} template={detail.data} onClose={onClose} timeZone={timeZone} country={country} />
      )}
    </Modal>
  );
}

type FormProps = { template: DocumentTemplateDetail | null; onClose: () => void; timeZone: string; country: Props['country'] };

/** The fields that show their own refusal; any other is notified (issue 34). */
const TEMPLATE_FORM_FIELDS = ['title', 'body', 'initialFields', 'packageIds'] as const;

function TemplateForm({ template, onClose, timeZone, country }: FormProps) {
  const [type, setType] = useState<DocumentType>(template?.type ?? 'waiver');
  const [title, setTitle] = useState(template?.title ?? '');
  const [requiresSignature, setRequiresSignature] = useState(template?.requiresSignature ?? true);
  const [initialFields, setInitialFields] = useState<string[]>(template?.initialFields ?? []);
  const [requiredOnSignUp, setRequiredOnSignUp] = useState(template?.requiredOnSignUp ?? false);
  const [requiredBeforeBooking, setRequiredBeforeBooking] = useState(template?.requiredBeforeBooking ?? false);
  const [packageIds, setPackageIds] = useState<string[]>(template?.packageIds ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [viewing, setViewing] = useState<number | null>(null);
  const save = useSaveDocumentTemplate();
  const archive = useArchiveDocumentTemplate();
  const packages = useRulePackages();

  const editor = useEditor({
    extensions: richTextExtensions,
    content: template?.body ?? '',
    editorProps: { attributes: { 'aria-label': 'Document text', role: 'textbox', 'aria-multiline': 'true' } },
  });
  const body = useEditorState({ editor, selector: ({ editor: e }) => (e && !e.isDestroyed ? (e.isEmpty ? '' : e.getHTML()) : '') }) ?? '';

  const onSave = () => {
    const input: DocumentTemplateFormInput = {
      type,
      title: title.trim(),
      body,
      requiresSignature,
      initialFields: initialFields.map((f) => f.trim()),
      requiredOnSignUp,
      requiredBeforeBooking,
      packageIds,
    };
    setErrors({});
    save.mutate(
      { templateId: template?.templateId ?? null, body: input },
      {
        onSuccess: onClose,
        onError: (error) => setErrors(fieldRefusal(error, TEMPLATE_FORM_FIELDS)),
      },
    );
  };
  const busy = save.isPending || archive.isPending;
  const packageOptions = [
    ...(packages.data?.results ?? []).map((p) => ({ value: p.packageId, label: p.name })),
    // A rule may name a package archived since: it stays listed (and removable).
    ...packageIds.filter((id) => !packages.data?.results.some((p) => p.packageId === id)).map((id) => ({ value: id, label: 'Archived package' })),
  ];

  return (
    <Stack gap="lg">
      {template && (
        <Group gap="xs">
          <Badge variant="light">{`Version ${template.currentVersion}`}</Badge>
          {template.archived && <Badge color="gray">Archived</Badge>}
          <Text size="sm" c="dark.3">
            {`${template.unsignedCount} unsigned · ${template.signedCount} signed`}
          </Text>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <Stack gap="md">
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Type"
              data={documentTypes.map((t) => ({ value: t, label: documentTypeLabels[t] }))}
              value={type}
              onChange={(v) => v && setType(v as DocumentType)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              miw={140}
            />
            <TextInput
              label="Title"
              required
              placeholder="e.g. Liability Waiver"
              maxLength={DOCUMENT_LIMITS.titleMax}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              error={errors.title}
              miw={200}
            />
          </Group>
          <Stack gap={4}>
            <Group justify="space-between" align="flex-end">
              <Text size="sm" fw={500} component="span">
                Text
              </Text>
              <MergeFieldMenu editor={editor} />
            </Group>
            <RichTextField editor={editor} minHeight={260} />
            {errors.body && (
              <Text size="xs" c="red.8" role="alert">
                {errors.body}
              </Text>
            )}
            <Text size="xs" c="dark.3">
              Merge fields such as {mergeToken('athlete.fullName')} are filled in for each athlete when the document is issued.
            </Text>
          </Stack>
          <Switch
            label="Requires a signature"
            description="Off: the athlete only acknowledges it (agreement and initials)."
            checked={requiresSignature}
            onChange={(e) => setRequiresSignature(e.currentTarget.checked)}
          />
          <InitialFieldsEditor fields={initialFields} onChange={setInitialFields} error={errors.initialFields} />
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={3} size="h5">
                When it is required
              </Title>
              <Switch
                label="On sign-up"
                description="Issued to every new athlete when their record is made (by staff, an import or the sales portal)."
                checked={requiredOnSignUp}
                onChange={(e) => setRequiredOnSignUp(e.currentTarget.checked)}
              />
              <Switch
                label="Before booking any class"
                description="Athletes can’t book until they have signed it. Turning this on issues it to every current athlete."
                checked={requiredBeforeBooking}
                onChange={(e) => setRequiredBeforeBooking(e.currentTarget.checked)}
              />
              <MultiSelect
                label="On buying these packages"
                placeholder={packageIds.length === 0 ? (packages.isPending ? 'Loading packages…' : 'No package') : undefined}
                data={packageOptions}
                value={packageIds}
                onChange={setPackageIds}
                searchable
                clearable
                nothingFoundMessage="No packages found"
                comboboxProps={{ withinPortal: true }}
                error={errors.packageIds ?? (packages.isError ? errorMessage(packages.error) : undefined)}
              />
            </Stack>
          </Paper>
        </Stack>
        {/* The preview stays in view while the form on its left scrolls (one column on a phone). */}
        <Stack gap="md" style={{ position: 'sticky', top: 0, alignSelf: 'start' }}>
          <Stack gap={4}>
            <Title order={3} size="h5">
              Preview
            </Title>
            <Text size="xs" c="dark.3">
              With sample values (e.g. {sampleMergeValues['athlete.fullName']}).
            </Text>
            <Paper withBorder p="md" radius="md" mih={160} data-testid="template-preview">
              {body ? (
                <RichText html={renderDocumentBody(body, sampleMergeValues)} />
              ) : (
                <Text c="dark.3" size="sm">
                  Write the document’s text to see it here.
                </Text>
              )}
              {initialFields.filter((f) => f.trim()).length > 0 && (
                <Stack gap={4} mt="md">
                  {initialFields
                    .filter((f) => f.trim())
                    .map((f, i) => (
                      <Text key={`${i}-${f}`} size="sm">
                        {`Initials: ______  ${f}`}
                      </Text>
                    ))}
                </Stack>
              )}
              {requiresSignature && (
                <Text size="sm" mt="md" c="dark.3">
                  Signature: ______________________
                </Text>
              )}
            </Paper>
          </Stack>
          {template && <VersionHistory template={template} timeZone={timeZone} country={country} onView={setViewing} />}
        </Stack>
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        {template ? (
          <Button
            variant="outline"
            color={template.archived ? undefined : 'red.9'}
            onClick={() => archive.mutate({ templateId: template.templateId, archive: !template.archived, title: template.title }, { onSuccess: onClose })}
            loading={archive.isPending}
            disabled={busy}
          >
            {template.archived ? 'Restore' : 'Archive'}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={!editor || archive.isPending}>
            {template ? 'Save' : 'Create template'}
          </Button>
        </Group>
      </Group>
      {template && viewing !== null && (
        <VersionDialog templateId={template.templateId} version={viewing} timeZone={timeZone} country={country} onClose={() => setViewing(null)} />
      )}
    </Stack>
  );
}

/** The merge fields of shared rules, inserted at the cursor as tokens. */
export function MergeFieldMenu({ editor }: { editor: Editor | null }) {
  return <SharedMergeFieldMenu editor={editor} fields={mergeFields} />;
}

/** The labels of the initials the signer gives (e.g. "I accept the risks of training"). */
export function InitialFieldsEditor({ fields, onChange, error }: { fields: string[]; onChange: (next: string[]) => void; error?: string }) {
  const full = fields.length >= DOCUMENT_LIMITS.initialFieldsMax;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} component="span">
        Initials fields
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dark.3">
          None. Add one for each clause the athlete must initial.
        </Text>
      )}
      {fields.map((f, i) => (
        <Group key={i} gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`Initials field ${i + 1}`}
            placeholder="e.g. I accept the risks of training"
            value={f}
            maxLength={DOCUMENT_LIMITS.initialLabelMax}
            onChange={(e) => onChange(fields.map((x, j) => (j === i ? e.currentTarget.value : x)))}
            style={{ flexGrow: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red.9"
            size="lg"
            aria-label={`Remove initials field ${i + 1}`}
            onClick={() => onChange(fields.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="default" onClick={() => onChange([...fields, ''])} disabled={full}>
          Add initials field
        </Button>
      </Group>
    </Stack>
  );
}

function whenOf(iso: string, timeZone: string, country: Props['country']) {
  return formatDate(toZoned(new Date(iso), timeZone).date, country);
}

function VersionHistory({
  template,
  timeZone,
  country,
  onView,
}: {
  template: DocumentTemplateDetail;
  timeZone: string;
  country: Props['country'];
  onView: (v: number) => void;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Versions
      </Title>
      <Text size="xs" c="dark.3">
        Saving a changed title, text or fields makes a new version. Documents already issued keep theirs.
      </Text>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Versions">
        {template.versions.map((v) => (
          <Group key={v.version} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">
              {`Version ${v.version}`}
              {v.version === template.currentVersion ? ' (current)' : ''}
              <Text span size="xs" c="dark.3">
                {` · ${whenOf(v.createdAt, timeZone, country)}${v.createdByName ? ` · ${v.createdByName}` : ''}`}
              </Text>
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => onView(v.version)} aria-label={`View version ${v.version}`}>
              View
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function VersionDialog({
  templateId,
  version,
  timeZone,
  country,
  onClose,
}: {
  templateId: string;
  version: number;
  timeZone: string;
  country: Props['country'];
  onClose: () => void;
}) {
  const v = useDocumentTemplateVersion(templateId, version);
  return (
    <Modal opened onClose={onClose} title={`Version ${version}`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {v.isPending ? (
        <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading the version">
          <Skeleton height={24} />
          <Skeleton height={160} />
        </Stack>
      ) : v.isError ? (
        <Alert color="red" title="The version could not be loaded">
          {errorMessage(v.error)}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Title order={3} size="h4">
            {v.data.title}
          </Title>
          <Text size="xs" c="dark.3">
            {`Written ${whenOf(v.data.createdAt, timeZone, country)}${v.data.createdByName ? ` by ${v.data.createdByName}` : ''} · ${v.data.requiresSignature ? 'Requires a signature' : 'No signature'}`}
          </Text>
          <Paper withBorder p="md" radius="md">
            <RichText html={v.data.body} />
          </Paper>
          {v.data.initialFields.length > 0 && (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                Initials fields
              </Text>
              {v.data.initialFields.map((f, i) => (
                <Text key={i} size="sm">
                  {f}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
