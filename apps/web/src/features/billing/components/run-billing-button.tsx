import { Button } from '@mantine/core';
import { useRunBillingNow } from '../api/billing';

/**
 * Issue 19: "Run billing now" on /invoices (GymMutate): the hourly billing run for this gym at once, e.g. after
 * setting up a member whose period is due today. A repeat bills nothing twice.
 */
export function RunBillingButton() {
  const run = useRunBillingNow();
  return (
    <Button variant="default" loading={run.isPending} onClick={() => run.mutate()}>
      Run billing now
    </Button>
  );
}
