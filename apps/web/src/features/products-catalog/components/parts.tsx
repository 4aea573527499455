import { Badge } from '@mantine/core';
import type { Product } from '@spotter/shared';

/** Spec 9 state flags with text dark enough on their light fill (axe color-contrast). */
export function StockBadge({ product }: { product: Product }) {
  if (product.kind !== 'retail') return null;
  if ((product.stockCount ?? 0) === 0) {
    return (
      <Badge variant="light" color="red" c="#8f1d1d" radius="sm" style={{ minWidth: 'max-content' }}>
        Out of stock
      </Badge>
    );
  }
  if (!product.isLowStock) return null;
  return (
    <Badge variant="light" color="orange" c="#7a3b00" radius="sm" style={{ minWidth: 'max-content' }}>
      Low stock
    </Badge>
  );
}

/** A fresh key for one sale attempt: a retried click of the same dialog sends the same key (one sale). */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? `sale-${crypto.randomUUID()}` : `sale-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
