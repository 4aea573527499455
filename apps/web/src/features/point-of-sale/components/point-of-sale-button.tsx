import { Suspense } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { hasPermission } from '@spotter/shared';
import { lazyWithReload, pick } from '../../../lib/chunk-reload';
import { useCurrentSession } from '../../auth';
import type { SaleAthlete } from './point-of-sale';

// The cart is a chunk of its own, with Mantine's whole stylesheet (decision 015: the kiosk list is a first screen).
const PointOfSaleModal = lazyWithReload(
  'point-of-sale',
  pick(() => import('./point-of-sale-loader').then((m) => m.loadPointOfSale()), 'PointOfSaleModal'),
);

/** Loads the point of sale's chunk ahead of its opening (on hover or focus of what opens it). */
export const preloadPointOfSale = () => PointOfSaleModal.preload();

/** May the caller use the point of sale: staff holding Kiosk, and owners. */
export const useMaySellRetail = () => hasPermission(useCurrentSession(), 'Kiosk');

/** The point of sale, mounted while open (every opening starts a new cart); for a caller that useMaySellRetail. */
export function PointOfSaleDialog({ athlete, onClose }: { athlete?: SaleAthlete; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <PointOfSaleModal onClose={onClose} athlete={athlete} />
    </Suspense>
  );
}

/** Issue 19 H4: the button that opens the point of sale (kiosk header), for staff holding Kiosk and owners. */
export function PointOfSaleButton({ athlete, label = 'Point of sale', size = 'sm' }: { athlete?: SaleAthlete; label?: string; size?: 'sm' | 'md' }) {
  const maySell = useMaySellRetail();
  const [opened, { open, close }] = useDisclosure(false);
  if (!maySell) return null;
  return (
    <>
      <Button size={size} variant="default" onClick={open} onMouseEnter={preloadPointOfSale} onFocus={preloadPointOfSale}>
        {label}
      </Button>
      {opened && <PointOfSaleDialog onClose={close} athlete={athlete} />}
    </>
  );
}
