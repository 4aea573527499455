import { Alert, Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ineligibleCodes, type IneligibleCode } from '@spotter/shared';
import { errorMessage, isApiError } from '../lib/api-client';

const isIneligible = (code: string): code is IneligibleCode => (ineligibleCodes as readonly string[]).includes(code);

/**
 * Issue 18: a booking refused by the one eligibility rule (no package covers it, no credits left, on hold, a limit
 * reached) says why where the athlete booked, in the server's words, with the way on: the gym's packages on sale
 * (/packages/sales-portal) and the athlete's own (/packages). Any other failure shows nothing here.
 */
export function PackageRequiredAlert({ error }: { error: unknown }) {
  if (!isApiError(error) || !isIneligible(error.code)) return null;
  const needsOne = error.code === 'no_package' || error.code === 'not_covered';
  return (
    <Alert color="orange" title={needsOne ? 'A package is needed to book this' : 'Your package does not allow this booking'} role="alert">
      <Text size="sm">{errorMessage(error)}</Text>
      <Group gap="md" mt="xs">
        <Anchor component={Link} to="/packages/sales-portal" fw={600}>
          Browse packages
        </Anchor>
        <Anchor component={Link} to="/packages">
          My packages
        </Anchor>
      </Group>
    </Alert>
  );
}
