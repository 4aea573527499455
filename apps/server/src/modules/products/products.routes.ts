import type { FastifyInstance } from 'fastify';
import { catalogMessages, endpoints, localeOf, minorToDecimal, toZoned, type GymCountry, type ManagedTaxRate, type Product } from '@spotter/shared';
import { sendCsv, toCsv } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { exportFileName } from '../event-setup';
import { allProducts, allTaxRates, findProduct, findTaxRate, listProducts, listTaxRates } from './products.repository';
import {
  adjustStock,
  archiveProduct,
  archiveTaxRate,
  createProduct,
  createTaxRate,
  findSale,
  restoreProduct,
  restoreTaxRate,
  sellProduct,
  updateProduct,
  updateTaxRate,
} from './products.service';

export function taxRatesCsv(rates: ManagedTaxRate[]): string {
  return toCsv(
    ['Name', 'Percent', 'Status', 'Class tax rate', 'Products using it'],
    rates.map((r) => [r.name, r.percent, r.isArchived ? 'Archived' : 'Active', r.isClassTaxRate ? 'Yes' : 'No', r.productCount]),
  );
}

/** Money as plain decimals a spreadsheet can sum, its currency in the header. */
export function productsCsv(items: Product[], country: GymCountry): string {
  const currency = localeOf(country).currency;
  const retail = items.every((p) => p.kind === 'retail');
  const header = [
    'Name',
    ...(retail ? ['SKU'] : []),
    'Description',
    `Price (${currency})`,
    'Tax rate',
    'Tax percent',
    ...(retail ? ['Stock', 'Low-stock threshold', 'Low stock'] : []),
    'Sold',
    'Status',
  ];
  const rows = items.map((p) => [
    p.name,
    ...(retail ? [p.sku ?? ''] : []),
    p.description,
    minorToDecimal(p.priceMinor),
    p.taxRate?.name ?? 'No tax',
    p.taxRate?.percent ?? '',
    ...(retail ? [p.stockCount ?? 0, p.lowStockThreshold ?? 0, p.isLowStock ? 'Yes' : 'No'] : []),
    p.soldCount,
    p.isArchived ? 'Archived' : 'Active',
  ]);
  return toCsv(header, rows);
}

/** Issue 18, spec 2.7 `/products/tax-rates`, `/products/retail`, `/products/fees-and-misc-products`. */
export async function productsCatalogRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };

  const readRate = async (gymId: string, id: string) => {
    const rate = await findTaxRate(db, gymId, id);
    if (!rate) throw notFound(catalogMessages.taxRateNotFound);
    return rate;
  };
  const readProduct = async (gymId: string, id: string) => {
    const product = await findProduct(db, gymId, id);
    if (!product) throw notFound(catalogMessages.productNotFound);
    return product;
  };

  route(app, endpoints.taxRateList, async (request) => {
    const { gym } = gymCaller(request);
    return pageOf(request, request.query, await listTaxRates(db, gym.gymId, request.query));
  });
  route(app, endpoints.taxRatesCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    const rates = await allTaxRates(db, gym.gymId, request.query);
    return sendCsv(reply, exportFileName('tax-rates', request.query.status, toZoned(new Date(), gym.timeZone).date), taxRatesCsv(rates));
  });
  route(app, endpoints.taxRate, async (request) => readRate(gymCaller(request).gym.gymId, request.params.taxRateId));
  route(app, endpoints.createTaxRate, async (request, reply) => {
    const { gym } = gymCaller(request);
    const id = await createTaxRate(ctx, gym.gymId, request.body);
    reply.status(201);
    return readRate(gym.gymId, id);
  });
  route(app, endpoints.updateTaxRate, async (request) => {
    const { gym } = gymCaller(request);
    await updateTaxRate(ctx, gym.gymId, request.params.taxRateId, request.body);
    return readRate(gym.gymId, request.params.taxRateId);
  });
  route(app, endpoints.archiveTaxRate, async (request) => {
    const { gym } = gymCaller(request);
    await archiveTaxRate(ctx, gym.gymId, request.params.taxRateId);
    return readRate(gym.gymId, request.params.taxRateId);
  });
  route(app, endpoints.restoreTaxRate, async (request) => {
    const { gym } = gymCaller(request);
    await restoreTaxRate(ctx, gym.gymId, request.params.taxRateId);
    return readRate(gym.gymId, request.params.taxRateId);
  });

  route(app, endpoints.productList, async (request) => {
    const { gym } = gymCaller(request);
    return pageOf(request, request.query, await listProducts(db, gym.gymId, request.query));
  });
  route(app, endpoints.productsCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    const items = await allProducts(db, gym.gymId, request.query);
    const what = request.query.kind === 'retail' ? 'retail' : 'fees';
    return sendCsv(reply, exportFileName(what, request.query.status, toZoned(new Date(), gym.timeZone).date), productsCsv(items, gym.country));
  });
  route(app, endpoints.product, async (request) => readProduct(gymCaller(request).gym.gymId, request.params.productId));
  route(app, endpoints.createProduct, async (request, reply) => {
    const { gym } = gymCaller(request);
    const id = await createProduct(ctx, gym.gymId, request.body);
    reply.status(201);
    return readProduct(gym.gymId, id);
  });
  route(app, endpoints.updateProduct, async (request) => {
    const { gym } = gymCaller(request);
    await updateProduct(ctx, gym.gymId, request.params.productId, request.body);
    return readProduct(gym.gymId, request.params.productId);
  });
  route(app, endpoints.archiveProduct, async (request) => {
    const { gym } = gymCaller(request);
    await archiveProduct(ctx, gym.gymId, request.params.productId);
    return readProduct(gym.gymId, request.params.productId);
  });
  route(app, endpoints.restoreProduct, async (request) => {
    const { gym } = gymCaller(request);
    await restoreProduct(ctx, gym.gymId, request.params.productId);
    return readProduct(gym.gymId, request.params.productId);
  });
  route(app, endpoints.adjustProductStock, async (request) => {
    const { gym } = gymCaller(request);
    await adjustStock(ctx, gym.gymId, request.params.productId, request.body);
    return readProduct(gym.gymId, request.params.productId);
  });
  route(app, endpoints.sellProduct, async (request, reply) => {
    const caller = gymCaller(request);
    const gymId = caller.gym.gymId;
    const result = await sellProduct(ctx, gymId, request.params.productId, request.body, caller.actorUserId);
    const sale = (await findSale(db, gymId, result.saleId))!;
    reply.status(result.created ? 201 : 200);
    return {
      saleId: sale.id,
      productId: sale.productId,
      athleteId: sale.athleteId,
      quantity: sale.quantity,
      unitPriceMinor: sale.unitPriceMinor,
      taxPercent: sale.taxPercent,
      netMinor: sale.netMinor,
      taxMinor: sale.taxMinor,
      totalMinor: sale.totalMinor,
      created: result.created,
      product: await readProduct(gymId, sale.productId),
    };
  });
}
