import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import SignaturePad from 'signature_pad';
import { documentMessages, type DocumentDetail, type SignDocumentFormInput } from '@spotter/shared';
import { RichText } from '../../../components/rich-text';
import { isApiError, shownMessage } from '../../../lib/api-client';

export type SignDocumentFormProps = {
  document: DocumentDetail;
  /** Send the signature; a refusal's message is shown on the form. */
  onSign: (input: SignDocumentFormInput) => Promise<unknown>;
  /** A refusal saying the content changed: read the document again. */
  onStale?: () => void;
  /** Shown above the Sign button (the front desk's guardian picker). */
  extra?: React.ReactNode;
  /** Merged into what is sent (the front desk's guardianAthleteId). */
  extraInput?: Partial<SignDocumentFormInput>;
};

/**
 * Issue 20: read a document, then sign it: draw (signature_pad, mouse, pen or finger) or type the full name, initial
 * every required field, and tick agreement. What is sent carries the hash of the content shown, so a document that
 * changed meanwhile is refused rather than signed unread.
 */
export function SignDocumentForm({ document, onSign, onStale, extra, extraInput }: SignDocumentFormProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [method, setMethod] = useState<'drawn' | 'typed'>('drawn');
  const [typedName, setTypedName] = useState('');
  const [initials, setInitials] = useState<Record<string, string>>({});
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (method !== 'drawn' || !canvas) return;
    // Drawn at the device's pixel ratio, so the stored image is sharp.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: '#1a1b1e', backgroundColor: 'rgb(255,255,255)' });
    padRef.current = pad;
    // A refusal about the signature goes once the signer draws.
    pad.addEventListener('endStroke', () => setError(null));
    return () => {
      pad.off();
      padRef.current = null;
    };
  }, [method]);

  const submit = async () => {
    setError(null);
    const pad = padRef.current;
    if (method === 'drawn' && (!pad || pad.isEmpty())) return setError(documentMessages.signatureRequired);
    if (method === 'typed' && !typedName.trim()) return setError(documentMessages.typedNameRequired);
    if (document.initialFields.some((label) => !initials[label]?.trim())) return setError(documentMessages.initialsRequired);
    if (!agreed) return setError(documentMessages.agreeRequired);
    setBusy(true);
    try {
      await onSign({
        ...extraInput,
        contentSha256: document.contentSha256,
        method,
        ...(method === 'drawn' ? { signatureImage: pad!.toDataURL('image/png') } : { typedName: typedName.trim() }),
        initials: document.initialFields.map((label) => ({ label, value: initials[label]!.trim() })),
        agreed: true,
      });
    } catch (err) {
      setError(shownMessage(err));
      if (isApiError(err) && err.code === 'content_changed') onStale?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" aria-label="Document text">
        <RichText html={document.content} />
      </Paper>
      {document.initialFields.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Initials
          </Title>
          {document.initialFields.map((label) => (
            <TextInput
              key={label}
              label={label}
              description="Type your initials"
              maw={320}
              maxLength={10}
              value={initials[label] ?? ''}
              onChange={(e) => {
                // Read now: the event's target is gone by the time the updater runs.
                const value = e.currentTarget.value;
                setInitials((v) => ({ ...v, [label]: value }));
              }}
            />
          ))}
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={3} size="h5">
          Signature
        </Title>
        <SegmentedControl
          aria-label="How to sign"
          value={method}
          onChange={(v) => setMethod(v as 'drawn' | 'typed')}
          data={[
            { value: 'drawn', label: 'Draw' },
            { value: 'typed', label: 'Type your name' },
          ]}
          maw={320}
        />
        {method === 'drawn' ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed" id="signature-help">
              Sign with your finger, a pen or the mouse in the box below.
            </Text>
            <canvas
              ref={canvasRef}
              aria-label="Signature pad"
              aria-describedby="signature-help"
              role="img"
              style={{
                width: '100%',
                maxWidth: 560,
                height: 180,
                border: '1px solid var(--mantine-color-gray-5)',
                borderRadius: 8,
                touchAction: 'none',
                background: '#fff',
              }}
            />
            <Group>
              <Button variant="default" size="xs" onClick={() => padRef.current?.clear()}>
                Clear
              </Button>
            </Group>
          </Stack>
        ) : (
          <TextInput
            label="Full name"
            maw={420}
            maxLength={120}
            value={typedName}
            onChange={(e) => {
              setTypedName(e.currentTarget.value);
              setError(null);
            }}
            autoComplete="name"
          />
        )}
      </Stack>
      {extra}
      <Checkbox
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
        label="I have read this document and agree to it. I understand my signature is legally binding."
      />
      {error && (
        <Alert color="red" role="alert" title="Not signed">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={busy}>
          Sign document
        </Button>
      </Group>
    </Stack>
  );
}
