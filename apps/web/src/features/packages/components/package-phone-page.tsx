import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatMoney, packageKindLabels } from '@spotter/shared';
import { isApiError } from '../../../lib/api-client';
import { RichText } from '../../../components/rich-text';
import { LoadError, StatusBadge } from '../../event-setup';
import { usePackage } from '../api/packages';
import { allowanceWords, planPrice } from '../lib/describe';
import { useGymLocale } from './use-gym-locale';

/** Spec 2.8 `/packages/:packageId` on a phone: one package with its billing plans, read-only. */
export function PackagePhonePage() {
  const { packageId = '' } = useParams();
  const query = usePackage(packageId);
  const gym = useGymLocale();
  const back = (
    <Anchor component={Link} to="/products" size="sm">
      ← Products
    </Anchor>
  );
  if (query.isError) {
    return (
      <Stack gap="md">
        {back}
        {isApiError(query.error) && query.error.status === 404 ? <Text>Package not found.</Text> : <LoadError />}
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        {back}
        <Skeleton height={32} width="60%" />
        <Skeleton height={120} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  }
  const p = query.data;
  const facts: [string, string][] = [
    ['Kind', packageKindLabels[p.kind]],
    ['Category', p.category || '—'],
    ['Allowance', allowanceWords(p)],
    ['Bookings a day', p.limitPerDay === null ? 'No limit' : String(p.limitPerDay)],
    ['Bookings a week', p.limitPerWeek === null ? 'No limit' : String(p.limitPerWeek)],
    ['Sign-up fee', p.signUpFeeMinor === 0 ? 'None' : formatMoney(p.signUpFeeMinor, gym.country)],
    ['Tax rate', p.taxRate ? `${p.taxRate.name} (${p.taxRate.percent}%)` : 'No tax'],
    ['Covers', p.coversAllClassTypes ? 'Every class type' : `${p.classTypeIds.length} class ${p.classTypeIds.length === 1 ? 'type' : 'types'}`],
    ['Family sharing', p.familySharing ? 'Yes' : 'No'],
    ['Sales portal', p.showInPortal ? `Shown (#${p.portalOrder})` : 'Hidden'],
    ['Cancellation notice', `${p.cancellationNoticeDays} days`],
    ['Holders', String(p.holders)],
  ];
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} size="h2">
          {p.name}
        </Title>
        <StatusBadge isArchived={p.isArchived} />
      </Group>
      {p.description && <RichText html={p.description} />}
      <Title order={2} size="h4">
        Billing plans
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Billing plans">
        {p.billingPlans.map((b) => {
          const shown = planPrice(b, p, gym.country, gym.isTaxInclusive);
          return (
            <Card key={b.billingPlanId} component="li" withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{b.name}</Text>
                {b.startsOn === 'day_of_month' && <Badge variant="light" color="gray" c="#343a40" radius="sm">{`On day ${b.dayOfMonth}`}</Badge>}
              </Group>
              <Text size="sm">{shown.price}</Text>
              <Text size="xs" c="dimmed">
                {shown.tax}
              </Text>
            </Card>
          );
        })}
      </Stack>
      <Title order={2} size="h4">
        Details
      </Title>
      <Card withBorder radius="md" padding="sm">
        <Stack component="dl" gap={6} m={0}>
          {facts.map(([label, value]) => (
            <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} ta="right">
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
