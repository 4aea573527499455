import { Suspense } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { hasPermission } from '@spotter/shared';
import { lazyWithReload, pick } from '../../../lib/chunk-reload';
import { useCurrentSession } from '../../auth';
import type { SaleAthlete } from './point-of-sale';

// The cart is a chunk of its own, with Mantine's whole stylesheet (decision 015: the kiosk list is a first screen).
const PointOfSaleModal = lazyWithReload('point-of-sale', pick(() => import('./point-of-sale-loader').then((m) => m.loadPointOfSale()), 'PointOfSaleModal'));

/** Issue 19 H4: the button that opens the point of sale (kiosk header, athlete page), for staff holding Kiosk and owners. */
export function PointOfSaleButton({ athlete, label = 'Point of sale', size = 'sm' }: { athlete?: SaleAthlete; label?: string; size?: 'sm' | 'md' }) {
  const session = useCurrentSession();
  const [opened, { open, close }] = useDisclosure(false);
  if (!hasPermission(session, 'Kiosk')) return null;
  return (
    <>
      <Button size={size} variant="default" onClick={open} onMouseEnter={PointOfSaleModal.preload} onFocus={PointOfSaleModal.preload}>
        {label}
      </Button>
      {/* Mounted while open: every opening starts a new cart. */}
      {opened && (
        <Suspense fallback={null}>
          <PointOfSaleModal onClose={close} athlete={athlete} />
        </Suspense>
      )}
    </>
  );
}
