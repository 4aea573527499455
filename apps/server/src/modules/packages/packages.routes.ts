import type { FastifyInstance } from 'fastify';
import { endpoints, localeOf, minorToDecimal, packageKindLabels, packageMessages, toZoned, type GymCountry, type Package } from '@spotter/shared';
import { sendCsv, toCsv, type CsvCell } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { pageOf } from '../../lib/pagination';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { exportFileName } from '../event-setup';
import { allPackages, findPackage, listPackages, packageCategories } from './packages.repository';
import { archivePackage, createPackage, restorePackage, updatePackage } from './packages.service';

const intervalWords = (count: number, interval: string) => (count === 1 ? interval : `${count} ${interval}s`);

/** The package CSV: one line per billing plan (a package without plans gets one line), money as plain decimals. */
export function packagesCsv(list: Package[], country: GymCountry): string {
  const currency = localeOf(country).currency;
  const header = [
    'Name',
    'Kind',
    'Category',
    'Credits',
    'Classes allowed',
    'Validity (days)',
    'Limit per day',
    'Limit per week',
    `Sign-up fee (${currency})`,
    'Tax rate',
    'Family sharing',
    'In sales portal',
    'Billing plan',
    `Price (${currency})`,
    'Every',
    'Payments',
    'Starts',
    'Holders',
    'Status',
  ];
  const rows: CsvCell[][] = [];
  for (const p of list) {
    const head: CsvCell[] = [
      p.name,
      packageKindLabels[p.kind],
      p.category,
      p.credits ?? 'Unlimited',
      p.sessionsLimit !== null ? `${p.sessionsLimit} a ${p.sessionsPer}` : '',
      p.validityDays ?? '',
      p.limitPerDay ?? '',
      p.limitPerWeek ?? '',
      minorToDecimal(p.signUpFeeMinor),
      p.taxRate?.name ?? '',
      p.familySharing ? 'Yes' : 'No',
      p.showInPortal ? 'Yes' : 'No',
    ];
    const tail: CsvCell[] = [p.holders, p.isArchived ? 'Archived' : 'Active'];
    if (p.billingPlans.length === 0) rows.push([...head, '', '', '', '', '', ...tail]);
    for (const b of p.billingPlans) {
      rows.push([
        ...head,
        b.name,
        minorToDecimal(b.priceMinor),
        intervalWords(b.intervalCount, b.interval),
        b.paymentCount ?? 'Until cancelled',
        b.startsOn === 'purchase' ? 'On purchase' : `Day ${b.dayOfMonth} of the month`,
        ...tail,
      ]);
    }
  }
  return toCsv(header, rows);
}

/** Issue 18 `/products/packages`. */
export async function packagesRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };

  const read = async (gymId: string, id: string) => {
    const found = await findPackage(db, gymId, id);
    if (!found) throw notFound(packageMessages.packageNotFound);
    return found;
  };

  route(app, endpoints.packages, async (request) => {
    const { gym } = gymCaller(request);
    return pageOf(request, request.query, await listPackages(db, gym.gymId, request.query));
  });

  route(app, endpoints.packageCategories, async (request) => ({ results: await packageCategories(db, gymCaller(request).gym.gymId) }));

  route(app, endpoints.packagesCsv, async (request, reply) => {
    const { gym } = gymCaller(request);
    const list = await allPackages(db, gym.gymId, request.query);
    return sendCsv(reply, exportFileName('packages', request.query.status, toZoned(new Date(), gym.timeZone).date), packagesCsv(list, gym.country));
  });

  route(app, endpoints.package, async (request) => read(gymCaller(request).gym.gymId, request.params.packageId));

  route(app, endpoints.createPackage, async (request, reply) => {
    const { gym } = gymCaller(request);
    const id = await createPackage(ctx, gym.gymId, request.body);
    reply.status(201);
    return read(gym.gymId, id);
  });

  route(app, endpoints.updatePackage, async (request) => {
    const { gym } = gymCaller(request);
    await updatePackage(ctx, gym.gymId, request.params.packageId, request.body);
    return read(gym.gymId, request.params.packageId);
  });

  route(app, endpoints.archivePackage, async (request) => {
    const { gym } = gymCaller(request);
    await archivePackage(ctx, gym.gymId, request.params.packageId);
    return read(gym.gymId, request.params.packageId);
  });

  route(app, endpoints.restorePackage, async (request) => {
    const { gym } = gymCaller(request);
    await restorePackage(ctx, gym.gymId, request.params.packageId);
    return read(gym.gymId, request.params.packageId);
  });
}
