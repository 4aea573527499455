import type { ReactNode } from 'react';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { useKioskContext, type KioskContext } from './use-kiosk-context';

/** Spec 8: the kiosk list's fetch failure text. */
export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';

/** Waits for the gym's time zone and country, which every kiosk date and time needs. */
export function KioskContextGate({ title, children }: { title: string; children: (context: KioskContext) => ReactNode }) {
  const { context, isError } = useKioskContext();
  if (context) return children(context);
  return (
    <>
      <PageHeader title={title} />
      {isError ? (
        <Alert color="red" title="Error">
          {FETCH_FAILED_MESSAGE}
        </Alert>
      ) : (
        <Stack aria-busy="true">
          <Skeleton height={48} />
          <Skeleton height={132} />
        </Stack>
      )}
    </>
  );
}
