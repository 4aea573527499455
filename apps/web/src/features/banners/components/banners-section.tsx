import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { bannerStateLabels, bannerStates, formatDate, formatTime, toZoned, type BannerState, type GymBanner, type GymCountry } from '@spotter/shared';
import { CardListPager } from '../../../components/card-list-pager';
import { RichText } from '../../../components/rich-text';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';
import { GYM_BANNERS_PAGE_SIZE, useEndGymBanner, useGymBanners } from '../api/gym-banners';
import { audienceLabels } from '../lib/banner-form';
import { BannerFormModal } from './banner-form-modal';

export const LOAD_FAILED = 'Something went wrong while fetching data!';

/** Light badges with text dark enough for 4.5:1 (axe color-contrast), as the invoices' status badges. */
const stateColors: Record<BannerState, { color: string; c: string }> = {
  scheduled: { color: 'blue', c: '#1c4f8a' },
  showing: { color: 'teal', c: '#0b5e45' },
  ended: { color: 'gray', c: '#343a40' },
};
type Filter = BannerState | 'all';

function when(iso: string, timeZone: string, country: GymCountry): string {
  const { date, time } = toZoned(new Date(iso), timeZone);
  return `${formatDate(date, country)} ${formatTime(time, country)}`;
}

/** When a banner shows, in the gym's time zone. */
export function windowText(banner: Pick<GymBanner, 'startsAt' | 'endsAt'>, timeZone: string, country: GymCountry): string {
  const from = banner.startsAt ? `From ${when(banner.startsAt, timeZone, country)}` : 'From creation';
  const until = banner.endsAt ? `until ${when(banner.endsAt, timeZone, country)}` : 'until ended';
  return `${from} ${until}`;
}

function EndBannerDialog({ banner, onClose }: { banner: GymBanner; onClose: () => void }) {
  const end = useEndGymBanner();
  return (
    <Modal opened onClose={onClose} title="End banner" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text mb="lg">End “{banner.title}”? Nobody will be shown it again, and it can no longer be edited.</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red.9" loading={end.isPending} onClick={() => end.mutate(banner.bannerId, { onSuccess: onClose })}>
          End banner
        </Button>
      </Group>
    </Modal>
  );
}

function BannerCard({
  banner,
  timeZone,
  country,
  onEdit,
  onEnd,
}: {
  banner: GymBanner;
  timeZone: string;
  country: GymCountry;
  onEdit: () => void;
  onEnd: () => void;
}) {
  const isEnded = banner.state === 'ended';
  return (
    <Card withBorder padding="sm" component="li" aria-label={banner.title}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs">
            <Text fw={600}>{banner.title}</Text>
            <Badge variant="light" radius="sm" color={stateColors[banner.state].color} c={stateColors[banner.state].c} tt="none">
              {bannerStateLabels[banner.state]}
            </Badge>
          </Group>
          <Text size="sm" c="#495057">
            {windowText(banner, timeZone, country)} · For {banner.audiences.map((a) => audienceLabels[a].toLowerCase()).join(' and ')}
          </Text>
          <RichText html={banner.message} />
        </Stack>
        {!isEnded && (
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={onEdit} aria-label={`Edit ${banner.title}`}>
              Edit
            </Button>
            <Button variant="default" color="red" size="xs" onClick={onEnd} aria-label={`End ${banner.title}`}>
              End
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/**
 * Issue 22 `/gym-settings` Banners (GymMutate): the gym's banners (spec 2.10 shows them) with their state, created,
 * scheduled (from / until, in the gym's time zone), edited and ended here.
 */
export function BannersSection() {
  const session = useCurrentSession();
  const gym = useGym(session.gym?.gymId ?? '');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const banners = useGymBanners(filter === 'all' ? null : filter, page);
  const [editing, setEditing] = useState<{ banner: GymBanner | null } | null>(null);
  const [ending, setEnding] = useState<GymBanner | null>(null);
  const timeZone = gym.data?.timeZone ?? 'UTC';
  const country = gym.data?.country ?? 'US';

  let body: React.ReactNode;
  if (banners.isError || gym.isError)
    body = (
      <Alert color="red" title="Error">
        {LOAD_FAILED}
      </Alert>
    );
  else if (!banners.data || !gym.data) body = <Skeleton height={120} data-testid="banners-loading" />;
  else if (banners.data.count === 0)
    body = (
      <Text size="sm" c="#495057">
        {filter === 'all'
          ? 'No banners yet. Use New banner to greet your members or tell your staff some news.'
          : `No ${bannerStateLabels[filter].toLowerCase()} banners.`}
      </Text>
    );
  else
    body = (
      <>
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Banners">
          {banners.data.results.map((b) => (
            <BannerCard key={b.bannerId} banner={b} timeZone={timeZone} country={country} onEdit={() => setEditing({ banner: b })} onEnd={() => setEnding(b)} />
          ))}
        </Stack>
        <CardListPager page={page} pageSize={GYM_BANNERS_PAGE_SIZE} count={banners.data.count} onPage={setPage} />
      </>
    );

  return (
    // The settings page's section card gives it its heading; this is what goes under it.
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Text size="sm" c="#495057" style={{ flex: 1, minWidth: 220 }}>
          A banner pops up once for the people you choose when they open the app, until each of them chooses Do Not Show Again.
        </Text>
        <Button onClick={() => setEditing({ banner: null })} disabled={!gym.data}>
          New banner
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Show banners"
        value={filter}
        onChange={(v) => {
          setFilter(v as Filter);
          setPage(1);
        }}
        data={[{ value: 'all', label: 'All' }, ...bannerStates.map((s) => ({ value: s, label: bannerStateLabels[s] }))]}
        style={{ alignSelf: 'flex-start' }}
      />
      {body}
      {editing && gym.data && <BannerFormModal banner={editing.banner} timeZone={timeZone} country={country} onClose={() => setEditing(null)} />}
      {ending && <EndBannerDialog banner={ending} onClose={() => setEnding(null)} />}
    </Stack>
  );
}
