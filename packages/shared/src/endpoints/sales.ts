import { access } from '../access';
import { cartSaleResultSchema, cartSaleSchema } from '../api/invoices';
import { saleCatalogSchema } from '../api/sales';
import { defineEndpoint } from '../endpoint';

const tags = ['point of sale'];

/** Issue 19: the front desk's point of sale, reached from the kiosk and the athlete page (staff holding Kiosk, owners). */
export const salesEndpoints = {
  saleCatalog: defineEndpoint({
    method: 'GET',
    path: '/api/sales/catalog/',
    access: access.frontDesk,
    tags,
    summary: "What the point of sale offers: the gym's active retail items (with stock) and fees, with price and tax",
    answers: { 200: saleCatalogSchema },
  }),
  createSale: defineEndpoint({
    method: 'POST',
    path: '/api/sales/',
    access: access.frontDesk,
    tags,
    summary:
      'Sell a cart to an athlete or a guest in one transaction: stock taken (409 when too few, nothing changes), one invoice with a line per item, and optionally a manual payment of its total; the same idempotency key again answers the same invoice',
    body: cartSaleSchema,
    answers: { 201: cartSaleResultSchema, 200: cartSaleResultSchema },
  }),
};
