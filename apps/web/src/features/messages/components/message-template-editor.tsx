import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import '@mantine/tiptap/styles.css';
import { useEditor, useEditorState } from '@tiptap/react';
import { isRichTextEmpty, messageTemplateMessages, type MessageTemplateDetail, type MessageTemplateInput, type MessageTemplateKind } from '@spotter/shared';
import { MergeFieldMenu } from '../../../components/merge-field-menu';
import { errorMessage, shownMessage } from '../../../lib/api-client';
import { RichTextField, richTextExtensions } from '../../programming';
import { useMessagePreview, useMessageTemplate, useResetMessageTemplate, useSaveMessageTemplate, useTestSendMessageTemplate } from '../api/messages';
import { fieldRefusal } from '../../../lib/form-refusal';

type Props = { kind: MessageTemplateKind; canEdit: boolean; onClose: () => void };

/** One message template: subject and body with merge fields, a live preview as the gym's mail, save / reset / test. */
export function MessageTemplateEditor({ kind, canEdit, onClose }: Props) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const detail = useMessageTemplate(kind);
  return (
    <Modal
      opened
      onClose={onClose}
      title={detail.data ? detail.data.label : 'Message template'}
      size="90rem"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending ? (
        <Stack role="status" gap="sm" aria-busy="true" aria-label="Loading the template">
          <Skeleton height={36} />
          <Skeleton height={260} />
        </Stack>
      ) : detail.isError ? (
        <Alert color="red" title="The template could not be loaded">
          {errorMessage(detail.error)}
        </Alert>
      ) : (
        <TemplateForm key={`${detail.data.kind}:${detail.data.updatedAt ?? 'default'}`} template={detail.data} canEdit={canEdit} onClose={onClose} />
      )}
    </Modal>
  );
}

/** Client-side the server's rules (spec 5): a subject, a non-empty message. */
export function validateTemplate(input: MessageTemplateInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.subject.trim()) errors.subject = messageTemplateMessages.subjectRequired;
  else if (input.subject.trim().length > 200) errors.subject = messageTemplateMessages.subjectTooLong;
  if (isRichTextEmpty(input.bodyHtml)) errors.bodyHtml = messageTemplateMessages.bodyRequired;
  else if (input.bodyHtml.length > 20_000) errors.bodyHtml = messageTemplateMessages.bodyTooLong;
  return errors;
}

function TemplateForm({ template, canEdit, onClose }: { template: MessageTemplateDetail; canEdit: boolean; onClose: () => void }) {
  const kind = template.kind;
  const [subject, setSubject] = useState(template.subject);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveMessageTemplate(kind);
  const reset = useResetMessageTemplate(kind);
  const testSend = useTestSendMessageTemplate(kind);
  const editor = useEditor({
    extensions: richTextExtensions,
    content: template.bodyHtml,
    editable: canEdit,
    editorProps: { attributes: { 'aria-label': 'Message', role: 'textbox', 'aria-multiline': 'true' } },
  });
  const bodyHtml =
    useEditorState({ editor, selector: ({ editor: e }) => (e && !e.isDestroyed ? (e.isEmpty ? '' : e.getHTML()) : template.bodyHtml) }) ?? template.bodyHtml;
  const input: MessageTemplateInput = { subject: subject.trim(), bodyHtml };
  const [debounced] = useDebouncedValue(input, 400);
  const preview = useMessagePreview(kind, isRichTextEmpty(debounced.bodyHtml) ? null : debounced);

  const fieldErrors = (error: unknown) => {
    const placed = fieldRefusal(error, ['subject', 'bodyHtml']);
    setErrors(Object.keys(placed).length > 0 ? placed : { form: shownMessage(error) });
  };
  const checked = (run: () => void) => {
    const found = validateTemplate(input);
    setErrors(found);
    if (Object.keys(found).length === 0) run();
  };
  const busy = save.isPending || reset.isPending || testSend.isPending;

  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="light" color={template.isOverridden ? 'blue' : 'gray'} c={template.isOverridden ? '#1c4f8a' : '#343a40'} tt="none">
          {template.isOverridden ? 'Customised' : 'Default wording'}
        </Badge>
        <Text size="sm" c="#495057">
          {template.description}
        </Text>
      </Group>
      {!canEdit && (
        <Alert color="gray" title="Read only">
          Changing message templates needs the permission to manage automation flows.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <Stack gap="md">
          <TextInput
            label="Subject"
            required
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={errors.subject}
            maxLength={200}
            readOnly={!canEdit}
          />
          <Stack gap={4}>
            <Group justify="space-between" align="flex-end">
              <Text size="sm" fw={500} component="span">
                Message
              </Text>
              <MergeFieldMenu editor={editor} fields={template.mergeFields} disabled={!canEdit} />
            </Group>
            <RichTextField editor={editor} minHeight={260} />
            {errors.bodyHtml && (
              <Text size="xs" c="red.8" role="alert">
                {errors.bodyHtml}
              </Text>
            )}
            <Text size="xs" c="#495057">
              {`Merge fields such as {{firstName}} are filled in for each recipient; in the subject too. Fields: ${template.mergeFields.map((f) => `{{${f.key}}}`).join(', ')}.`}
            </Text>
          </Stack>
          {errors.form && (
            <Alert color="red" title="Not saved">
              {errors.form}
            </Alert>
          )}
        </Stack>
        <Stack gap="xs" style={{ position: 'sticky', top: 0, alignSelf: 'start' }}>
          <Title order={3} size="h5">
            Preview
          </Title>
          <Text size="xs" c="#495057">
            With sample values, as the gym’s mail would look.
          </Text>
          <MailPreview preview={preview} />
        </Stack>
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          {canEdit && template.isOverridden && (
            <Button variant="outline" color="red.9" onClick={() => reset.mutate(undefined, { onSuccess: onClose })} loading={reset.isPending} disabled={busy}>
              Reset to default
            </Button>
          )}
          {canEdit && (
            <Button
              variant="default"
              onClick={() => checked(() => testSend.mutate(input, { onError: fieldErrors }))}
              loading={testSend.isPending}
              disabled={busy}
            >
              Send test to me
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {canEdit ? 'Cancel' : 'Close'}
          </Button>
          {canEdit && (
            <Button
              onClick={() => checked(() => save.mutate(input, { onSuccess: onClose, onError: fieldErrors }))}
              loading={save.isPending}
              disabled={!editor || busy}
            >
              Save
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

function MailPreview({ preview }: { preview: ReturnType<typeof useMessagePreview> }) {
  if (preview.isError) {
    return (
      <Alert color="red" title="No preview">
        {errorMessage(preview.error)}
      </Alert>
    );
  }
  if (!preview.data) {
    return (
      <Paper withBorder p="md" radius="md" mih={160}>
        {preview.isFetching ? (
          <Skeleton role="status" height={140} aria-label="Loading the preview" />
        ) : (
          <Text c="#495057" size="sm">
            Write a subject and a message to see the mail here.
          </Text>
        )}
      </Paper>
    );
  }
  const m = preview.data;
  return (
    <Paper withBorder radius="md" data-testid="message-preview" style={{ overflow: 'hidden' }}>
      <Stack gap={2} p="sm" bg="gray.0">
        <Text size="sm">
          <Text span fw={600}>
            From:{' '}
          </Text>
          {m.from}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Reply-To:{' '}
          </Text>
          {m.replyTo ?? '—'}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Subject:{' '}
          </Text>
          {m.subject}
        </Text>
      </Stack>
      {/* The mail's own HTML, sandboxed: no scripts, no same-origin access. */}
      <iframe title="Mail preview" sandbox="" srcDoc={m.html} style={{ width: '100%', height: 420, border: 0, background: '#fff' }} />
    </Paper>
  );
}
