import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { packageKindLabels } from '@spotter/shared';
import { LoadError, SetupEmpty } from '../../event-setup';
import { usePackages } from '../api/packages';
import { allowanceWords, fromPrice } from '../lib/describe';
import { useGymLocale } from './use-gym-locale';

/** Spec 2.8 `/products` on a phone: the gym's packages, each opening its page with its billing plans. */
export function ProductsPhonePage() {
  const list = usePackages({ status: 'active', kind: null, search: '', page: 1 }, 100);
  const gym = useGymLocale();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Products
      </Title>
      <Title order={2} size="h4">
        Packages
      </Title>
      {list.isError ? (
        <LoadError />
      ) : list.isPending ? (
        <Stack gap="sm" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={84} radius="md" data-testid="skeleton-row" />
          ))}
        </Stack>
      ) : list.data.results.length === 0 ? (
        <SetupEmpty>No packages yet. Create your packages on a computer, under Products › Packages.</SetupEmpty>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Packages">
          {list.data.results.map((p) => (
            <Card key={p.packageId} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Anchor component={Link} to={`/packages/${p.packageId}`} fw={700}>
                  {p.name}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {packageKindLabels[p.kind]}
                </Text>
              </Group>
              <Text size="sm">{fromPrice(p, gym.country)}</Text>
              <Text size="xs" c="dimmed">
                {allowanceWords(p)}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
