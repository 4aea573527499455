import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  ColorSwatch,
  Group,
  Input,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEditor } from '@tiptap/react';
import { Link } from 'react-router';
import {
  packageKindLabels,
  portalAccentColors,
  SALES_PORTAL_SLUG_PATTERN,
  salesPortalMessages,
  type PortalAccentColor,
  type SalesPortalSettings,
} from '@spotter/shared';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { RichTextField, richTextExtensions } from '../../programming';
import { useSalesPortalSettings, useUpdateSalesPortal } from '../api/settings';
import { fieldRefusal } from '../../../lib/form-refusal';

type Row = SalesPortalSettings['packages'][number];

/** Spec 2.7 /products/sales-portal (issue 18): the portal on or off, its address, branding and the packages it shows, in order. */
export function SalesPortalSettingsPage() {
  const settings = useSalesPortalSettings();
  return (
    <>
      <PageHeader title="Sales Portal" />
      {settings.isPending ? (
        <Stack gap="md">
          <Skeleton height={36} />
          <Skeleton height={160} />
          <Skeleton height={200} />
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" title="Error">
          {isApiError(settings.error) && settings.error.status === 404 ? salesPortalMessages.demoGym : 'Something went wrong while fetching data!'}
        </Alert>
      ) : (
        <SettingsForm key={settings.dataUpdatedAt} initial={settings.data} />
      )}
    </>
  );
}

/** The shown packages first, in order; then the others by name. */
const orderedRows = (rows: Row[]) => [
  ...rows.filter((r) => r.showInPortal).sort((a, b) => a.portalOrder - b.portalOrder),
  ...rows.filter((r) => !r.showInPortal),
];

/** The settings' fields a refusal can name (their errors are shown under them). */
const SETTINGS_FIELDS = ['slug', 'headline', 'introduction', 'shownPackageIds'];

function SettingsForm({ initial }: { initial: SalesPortalSettings }) {
  const save = useUpdateSalesPortal();
  const [isEnabled, setEnabled] = useState(initial.isEnabled);
  const [slug, setSlug] = useState(initial.slug);
  const [headline, setHeadline] = useState(initial.headline);
  const [accentColor, setAccent] = useState<PortalAccentColor>(initial.accentColor);
  const [allowPayAtDesk, setPayAtDesk] = useState(initial.allowPayAtDesk);
  const [rows, setRows] = useState(() => orderedRows(initial.packages).map((r) => ({ ...r })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editor = useEditor({
    extensions: richTextExtensions,
    content: initial.introduction,
    editorProps: { attributes: { 'aria-label': 'Introduction', role: 'textbox', 'aria-multiline': 'true' } },
  });
  const shown = rows.filter((r) => r.showInPortal);
  const link = `${window.location.origin}/sales-portal/${initial.slug}`;

  const move = (packageId: string, by: -1 | 1) => {
    // Keyboard users keep their place: the arrow pressed keeps the focus once its row has moved.
    requestAnimationFrame(() => document.getElementById(`move-${by}-${packageId}`)?.focus());
    setRows((current) => {
      const list = current.filter((r) => r.showInPortal);
      const index = list.findIndex((r) => r.packageId === packageId);
      const target = index + by;
      if (index < 0 || target < 0 || target >= list.length) return current;
      [list[index], list[target]] = [list[target]!, list[index]!];
      return [...list, ...current.filter((r) => !r.showInPortal)];
    });
  };
  const toggle = (packageId: string, show: boolean) =>
    setRows((current) => {
      const row = { ...current.find((r) => r.packageId === packageId)!, showInPortal: show };
      const others = current.filter((r) => r.packageId !== packageId);
      const visible = others.filter((r) => r.showInPortal);
      const hidden = others.filter((r) => !r.showInPortal);
      return show ? [...visible, row, ...hidden] : [...visible, row, ...hidden].sort((a, b) => Number(b.showInPortal) - Number(a.showInPortal));
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const clean = slug.trim().toLowerCase();
    if (!SALES_PORTAL_SLUG_PATTERN.test(clean)) {
      setErrors({ slug: salesPortalMessages.slugShape });
      return;
    }
    setErrors({});
    save.mutate(
      { isEnabled, slug: clean, headline, introduction: editor?.getHTML() ?? '', accentColor, allowPayAtDesk, shownPackageIds: shown.map((r) => r.packageId) },
      {
        onError: (error) => {
          setErrors(fieldRefusal(error, SETTINGS_FIELDS));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Sales portal settings">
      <Stack gap="lg" maw={720}>
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Switch
              checked={isEnabled}
              onChange={(e) => setEnabled(e.currentTarget.checked)}
              label="Sales portal is on"
              description="Anyone with the link can buy the packages shown below."
            />
            <TextInput
              label="Address"
              description="Lowercase letters, digits and hyphens (3 to 50)."
              leftSection={
                <Text size="xs" c="dimmed" pl={4}>
                  /sales-portal/
                </Text>
              }
              leftSectionWidth={96}
              value={slug}
              onChange={(e) => setSlug(e.currentTarget.value)}
              error={errors.slug}
              required
            />
            {initial.isSaved && initial.isEnabled ? (
              <Text size="sm">
                Public link:{' '}
                <Anchor component={Link} to={`/sales-portal/${initial.slug}`} target="_blank">
                  {link}
                </Anchor>
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                The public link works once the portal is on and saved.
              </Text>
            )}
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Branding
            </Title>
            <TextInput label="Headline" value={headline} onChange={(e) => setHeadline(e.currentTarget.value)} error={errors.headline} maxLength={120} />
            <Input.Wrapper label="Introduction" error={errors.introduction}>
              <RichTextField editor={editor} />
            </Input.Wrapper>
            <Select
              label="Accent colour"
              data={portalAccentColors.map((c) => ({ value: c, label: c.charAt(0).toUpperCase() + c.slice(1) }))}
              value={accentColor}
              onChange={(v) => v && setAccent(v as PortalAccentColor)}
              allowDeselect={false}
              leftSection={<ColorSwatch color={`var(--mantine-color-${accentColor}-filled)`} size={16} />}
            />
            <Switch
              checked={allowPayAtDesk}
              onChange={(e) => setPayAtDesk(e.currentTarget.checked)}
              label="Allow paying at the front desk"
              description="Buyers may choose to pay on their first visit. Card payment online is offered once the gym takes card payments (Payments settings)."
            />
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Packages
            </Title>
            <Text size="sm" c="dimmed">
              Tick the packages to sell in the portal and put them in order with the arrows.
            </Text>
            {errors.shownPackageIds && <Alert color="red">{errors.shownPackageIds}</Alert>}
            {rows.length === 0 ? (
              <Text size="sm">
                No packages yet.{' '}
                <Anchor component={Link} to="/products/packages">
                  Create a package
                </Anchor>{' '}
                first.
              </Text>
            ) : (
              <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Packages in the portal">
                {rows.map((row) => {
                  const position = shown.findIndex((r) => r.packageId === row.packageId);
                  return (
                    <Group
                      key={row.packageId}
                      component="li"
                      justify="space-between"
                      wrap="nowrap"
                      py={4}
                      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                    >
                      <Group gap="sm" wrap="nowrap">
                        <Checkbox checked={row.showInPortal} onChange={(e) => toggle(row.packageId, e.currentTarget.checked)} aria-label={`Show ${row.name}`} />
                        <Stack gap={0}>
                          <Text size="sm" fw={500}>
                            {row.showInPortal ? `${position + 1}. ` : ''}
                            {row.name}
                          </Text>
                          <Group gap={4}>
                            <Badge size="xs" variant="light">
                              {packageKindLabels[row.kind]}
                            </Badge>
                            {row.billingPlanCount === 0 && (
                              <Text size="xs" c="dimmed">
                                no billing plan
                              </Text>
                            )}
                          </Group>
                        </Stack>
                      </Group>
                      {row.showInPortal && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            id={`move--1-${row.packageId}`}
                            variant="default"
                            onClick={() => move(row.packageId, -1)}
                            aria-disabled={position === 0}
                            data-disabled={position === 0 || undefined}
                            aria-label={`Move ${row.name} up`}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            id={`move-1-${row.packageId}`}
                            variant="default"
                            onClick={() => move(row.packageId, 1)}
                            aria-disabled={position === shown.length - 1}
                            data-disabled={position === shown.length - 1 || undefined}
                            aria-label={`Move ${row.name} down`}
                          >
                            ↓
                          </ActionIcon>
                        </Group>
                      )}
                    </Group>
                  );
                })}
              </Stack>
            )}
          </Stack>
        </Card>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
