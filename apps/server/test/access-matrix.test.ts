import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, holdsAccessPermissions, type Access, type Endpoint, type Permission, type Role } from '@spotter/shared';
import { ACCESS_REFUSAL_CODES } from '../src/plugins/access';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from './helper';
import { databaseDigest } from './digest';
import {
  athleteImports,
  billingPlans,
  classSeries,
  documentTemplates,
  documentTemplateVersions,
  documents,
  gymExports,
  mailOutbox,
  packages,
  payAssignments,
  paymentMethods,
  payRates,
  salesPortals,
  tags,
  workCategories,
  workEntries,
} from '../src/db/schema';
import { sha256Hex, signDocument } from '../src/modules/documents/documents.service';
import { createInvoice, recordPayment } from '../src/modules/invoices/invoices.service';

/**
 * Walks every endpoint of the table in packages/shared (its path and its aliases) with every kind of caller and checks
 * the answer against its declaration (spec 6): refused callers get 401/403 from the access check and change nothing.
 */
type Caller = {
  name: string;
  /** Whose session the caller holds (with the profile chosen, if any); none: anonymous. */
  person?: { userId: string; profileId?: string | null };
  role: Role | null;
  permissions: Permission[];
  isSalesTeam?: boolean;
  /** The owner of another gym than gym A, whose records the sample paths point at. */
  foreignGym?: boolean;
};

/** Every route the table declares: each endpoint's path and its aliases, with its method and access. */
const DECLARED = Object.entries(endpoints).flatMap(([name, endpoint]: [string, Endpoint]) =>
  [endpoint.path, ...(endpoint.aliases ?? [])].map((url) => ({ name, method: endpoint.method, url, access: endpoint.access })),
);

function isAllowed(access: Access, caller: Caller): boolean {
  switch (access.kind) {
    case 'anonymous':
      return true;
    case 'user':
      return caller.person !== undefined;
    case 'profile':
      if (!caller.role) return false;
      if (access.roles && !access.roles.includes(caller.role)) return false;
      return holdsAccessPermissions(access, { role: caller.role, permissions: caller.permissions });
    case 'platform':
      return caller.role === 'kilo_staff' && (!caller.isSalesTeam || access.salesTeam);
  }
}

/** A mapping of the sample import's two columns (issue 17). */
const IMPORT_MAPPING = { columns: ['firstName', 'lastName'], dateOrder: 'MDY' };

fixClock(TEST_NOW);
let t: TestApp;
let callers: Caller[];
/** Path parameters by name: records of gym A (demoGymId: an expired TIME_LIMITED demo gym). */
let samples: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const { gym, taxRate, location, classType, staff, owner, members } = await t.make.kioskGym({ athletes: 2 });
  const athlete = await t.make.athlete(gym.id);
  const undecided = await t.make.athlete(gym.id);
  const otherGym = await t.make.gym({ country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
  const otherOwner = await t.make.owner(otherGym.id);
  const platform = await t.make.platformStaff();
  const sales = await t.make.platformStaff({ isSalesTeam: true });

  const banner = await t.make.banner(gym.id);
  const classEvent = await t.make.event(gym, { classTypeId: classType.id, locationId: location.id, taxRateId: taxRate.id, coachIds: [staff.staffId] });
  const appointment = await t.make.event(gym, { kind: 'appointment', time: '16:00', coachIds: [staff.staffId] });
  // Reservations of members other than the athlete caller.
  const [classReservation] = await t.make.reserve(classEvent, [members[0]!.athleteId]);
  const [appointmentReservation] = await t.make.reserve(appointment, [members[1]!.athleteId]);
  const timeOff = await t.make.timeOff(gym.id, staff.staffId, new Date(Date.now() + 86_400_000), new Date(Date.now() + 2 * 86_400_000));
  const expiredGym = await t.make.gym({ timeZone: 'America/New_York' });
  await t.make.owner(expiredGym.id);
  const expiredDemo = await t.make.demoGym(expiredGym.id, { type: 'TIME_LIMITED', expiresAt: new Date(Date.now() - 2 * 3600_000) });
  const room = await t.make.room(gym.id, location.id);
  // Not a caller: the staff routes deactivate and reactivate it, which would end a caller's sessions.
  const colleague = await t.make.staff(gym.id, { permissions: [] });
  // Issue 17's athlete record: a booking of the athlete, a note, a dependant to link.
  const laterClass = await t.make.event(gym, { classTypeId: classType.id, time: '19:30' });
  const [athleteBooking] = await t.make.reserve(laterClass, [athlete.athleteId]);
  const note = await t.make.note(gym.id, athlete.athleteId);
  const [series] = await t.db
    .insert(classSeries)
    .values({
      gymId: gym.id,
      classTypeId: classType.id,
      rrule: 'DTSTART;TZID=America/Chicago:20260309T060000\nRRULE:FREQ=WEEKLY;BYDAY=MO',
      startTime: '06:00',
      durationMinutes: 60,
      capacity: 10,
      firstDate: '2026-03-09',
      materializedThrough: '2026-03-08',
    })
    .returning();
  // Issue 18: a tax rate (not the class tax rate) and a retail item with stock, so a walk's sales succeed.
  const productTaxRate = await t.make.taxRate(gym.id, { name: 'Matrix VAT' });
  const product = await t.make.product(gym.id, { stockCount: 1000, taxRateId: productTaxRate.id });
  // Issue 18: a package the athlete caller holds (a class pack: its credits can be adjusted).
  const athletePackage = await t.make.athletePackage(gym.id, athlete.athleteId, { pkg: { kind: 'class_pack', credits: 5, name: 'Matrix pack' } });
  // Issue 19 (payments): a saved method of the athlete (the invoice sample is below).
  const [savedMethod] = await t.db
    .insert(paymentMethods)
    .values({
      gymId: gym.id,
      athleteId: athlete.athleteId,
      type: 'CARD',
      brand: 'visa',
      last4: '4242',
      providerMethodId: 'pm_matrix',
      providerCustomerId: 'cus_matrix',
      isDefault: true,
    })
    .returning();
  const [tag] = await t.db.insert(tags).values({ gymId: gym.id, name: 'Sample tag' }).returning();

  const [athleteImport] = await t.db
    .insert(athleteImports)
    .values({ gymId: gym.id, fileName: 'members.csv', headers: ['First Name', 'Last Name'], mapping: IMPORT_MAPPING, totalRows: 0, createdByName: 'Matrix' })
    .returning();
  // Issue 18: gym A's open sales portal with a package shown in it.
  const [portalPackage] = await t.db.insert(packages).values({ gymId: gym.id, name: 'Matrix membership', kind: 'membership', showInPortal: true }).returning();
  await t.db.insert(billingPlans).values({ gymId: gym.id, packageId: portalPackage!.id, name: 'Monthly', priceMinor: 10000 });
  await t.db.insert(salesPortals).values({ gymId: gym.id, isEnabled: true, slug: 'matrix-gym' });
  // Issue 19: an invoice of the athlete caller with a cash payment on it (a refund's sample refunds it).
  const matrixInvoice = await t.db.transaction((tx) =>
    createInvoice(tx, gym.id, {
      athleteId: athlete.athleteId,
      source: 'manual',
      lines: [{ description: 'Matrix fee', itemPriceMinor: 10000, quantity: 1, taxRateValue: null }],
      actorUserId: null,
    }),
  );
  const matrixPayment = await t.db.transaction((tx) =>
    recordPayment(tx, gym.id, {
      invoiceId: matrixInvoice.invoiceId,
      amountMinor: 2000,
      channel: 'cash_or_check',
      idempotencyKey: 'matrix-first-payment',
      actorUserId: null,
    }),
  );
  // Issue 20: a template of gym A, and a document of the athlete caller signed already (so signing it again and handing
  // it off are refused with 409 and nothing changes; its PDF is there for the athlete and staff).
  const [docTemplate] = await t.db.insert(documentTemplates).values({ gymId: gym.id, type: 'waiver', title: 'Matrix waiver' }).returning();
  const [docVersion] = await t.db
    .insert(documentTemplateVersions)
    .values({ gymId: gym.id, templateId: docTemplate!.id, version: 1, title: 'Matrix waiver', body: '<p>I, {{athlete.fullName}}, agree.</p>' })
    .returning();
  const [matrixDocument] = await t.db
    .insert(documents)
    .values({
      gymId: gym.id,
      athleteId: athlete.athleteId,
      templateId: docTemplate!.id,
      templateVersionId: docVersion!.id,
      type: 'waiver',
      title: 'Matrix waiver',
      source: 'manual',
    })
    .returning();
  await t.db.transaction((tx) =>
    signDocument(
      tx,
      {
        gymId: gym.id,
        documentId: matrixDocument!.id,
        signer: { relation: 'self', signerName: athlete.fullName, signerProfileId: athlete.profileId },
        via: 'athlete_app',
        ip: null,
        userAgent: null,
      },
      { contentSha256: sha256Hex(`<p>I, ${athlete.fullName}, agree.</p>`), method: 'typed', typedName: athlete.fullName, initials: [], agreed: true },
    ),
  );
  // Issue 22 (message log): a mail of gym A in its log (another gym's owner gets 404 for it).
  const [matrixMail] = await t.db
    .insert(mailOutbox)
    .values({
      gymId: gym.id,
      kind: 'class_booked',
      toAddress: athlete.email ?? 'matrix@test.example.com',
      subject: 'Matrix mail',
      text: 'Hi',
      status: 'sent',
      attempts: 1,
    })
    .returning();
  // Issue 21: a finished whole-gym export of gym A (another gym's owner gets 404 for its download).
  const [matrixExport] = await t.db
    .insert(gymExports)
    .values({
      gymId: gym.id,
      state: 'done',
      progress: 100,
      step: 'Done',
      fileName: 'spotter-export-matrix-2026-03-04.zip',
      data: Buffer.from('PK\u0005\u0006'),
      sizeBytes: 4,
      finishedAt: new Date(),
    })
    .returning();
  // Issue 37: a pay rate assigned to the staff caller (in use: its DELETE is refused with 409), and their pending hours.
  const [matrixRate] = await t.db.insert(payRates).values({ gymId: gym.id, name: 'Matrix per class', kind: 'class_flat', amountMinor: 2500 }).returning();
  const [matrixCategory] = await t.db.insert(workCategories).values({ gymId: gym.id, name: 'Front desk' }).returning();
  const [matrixAssignment] = await t.db
    .insert(payAssignments)
    .values({ gymId: gym.id, staffId: staff.staffId, target: 'class_type', classTypeId: classType.id, payRateId: matrixRate!.id, startsOn: '2026-01-01' })
    .returning();
  const [matrixEntry] = await t.db
    .insert(workEntries)
    .values({ gymId: gym.id, staffId: staff.staffId, workCategoryId: matrixCategory!.id, workDate: '2026-03-02', minutes: 60 })
    .returning();
  sampleBodies.createPayAssignment = {
    staffId: staff.staffId,
    target: 'class_type',
    targetId: classType.id,
    payRateId: matrixRate!.id,
    startsOn: '2026-03-01',
  };
  sampleBodies.createWorkEntry = { workCategoryId: matrixCategory!.id, date: '2026-03-03', durationMinutes: 30 };
  sampleBodies.updateWorkEntry = { workCategoryId: matrixCategory!.id, date: '2026-03-02', durationMinutes: 45 };
  sampleBodies.issueDocuments = { templateId: docTemplate!.id, athleteIds: [athlete.athleteId], sendEmail: false };
  sampleBodies.refundInvoicePayment = { paymentId: matrixPayment.paymentId, amountMinor: 100, reason: 'Matrix', idempotencyKey: 'matrix-refund-key' };
  samples = {
    invoiceId: matrixInvoice.invoiceId,
    salesPortalSlug: 'matrix-gym',
    packageId: portalPackage!.id,
    importId: athleteImport!.id,
    id: owner.profileId,
    gymId: gym.id,
    staffId: colleague.staffId,
    athleteId: athlete.athleteId,
    kiloStaffId: platform.kiloStaffId,
    bannerId: banner.id,
    eventId: classEvent.id,
    kiloClassId: classEvent.id,
    appointmentId: appointment.id,
    athleteKiloClassId: classReservation!,
    athleteAppointmentId: appointmentReservation!,
    demoGymId: expiredDemo.id,
    // In use (the class above), so a walk's DELETE is refused with 409 and the later calls still find them.
    classTypeId: classType.id,
    appointmentTypeId: appointment.appointmentTypeId!,
    locationId: location.id,
    roomId: room.id,
    seriesId: series!.id,
    timeOffId: timeOff.id,
    tagId: tag!.id,
    date: '2026-03-05',
    reservationId: athleteBooking!,
    noteId: note.id,
    dependantAthleteId: members[0]!.athleteId,
    athletePackageId: athletePackage.id,
    // A calendar feed's token: any string (an unknown one is a 404).
    token: 'not-a-live-feed-token',
    taxRateId: productTaxRate.id,
    productId: product.id,
    paymentMethodId: savedMethod!.id,
    documentId: matrixDocument!.id,
    templateId: docTemplate!.id,
    version: '1',
    // Issue 22: the message log's mail.
    messageId: matrixMail!.id,
    // Issue 22 H3: a message template's kind.
    kind: 'class_booked',
    // Issue 21: the whole-gym export's download.
    exportId: matrixExport!.id,
    // Issue 40: a single sign-on provider (none is configured here: each route answers its refusal).
    provider: 'google',
    // Issue 37: payroll.
    payRateId: matrixRate!.id,
    assignmentId: matrixAssignment!.id,
    workEntryId: matrixEntry!.id,
  };
  sampleBodies.bookForAthlete = { eventId: classEvent.id };
  sampleBodies.linkDependant = { dependantAthleteId: members[0]!.athleteId };
  // Issue 19: a front-desk cart of the gym's retail item for a guest (another gym's owner gets 404 for the item).
  sampleBodies.createSale = { guestName: 'Matrix guest', items: [{ productId: product.id, quantity: 1 }], idempotencyKey: 'matrix-cart-key' };
  sampleBodies.payMyInvoice = { paymentMethodId: savedMethod!.id, idempotencyKey: 'matrix-pay-key' };
  sampleBodies.chargeInvoice = { paymentMethodId: savedMethod!.id, idempotencyKey: 'matrix-charge-key' };
  sampleBodies.assignAthletePackage = {
    packageId: athletePackage.packageId,
    billingPlanId: null,
    startDate: '2026-03-05',
    idempotencyKey: 'matrix-assign-key',
  };
  callers = [
    { name: 'anonymous', role: null, permissions: [] },
    { name: 'no profile chosen', person: { userId: undecided.userId! }, role: null, permissions: [] },
    { name: 'athlete', person: { userId: athlete.userId!, profileId: athlete.profileId }, role: 'athlete', permissions: [] },
    { name: 'staff (Kiosk, AthleteView)', person: staff, role: 'staff', permissions: ['Kiosk', 'AthleteView'] },
    { name: 'owner', person: owner, role: 'owner', permissions: [] },
    { name: "another gym's owner", person: otherOwner, role: 'owner', permissions: [], foreignGym: true },
    { name: 'platform staff', person: platform, role: 'kilo_staff', permissions: [] },
    { name: 'sales team', person: sales, role: 'kilo_staff', permissions: [], isSalesTeam: true },
  ];
});
afterAll(async () => {
  await t.close();
});

/** A client holding a session of its own (the profile chosen in the database: defaults may change during the walk). */
const clientFor = (caller: Caller): Promise<ApiClient> => (caller.person ? t.as(caller.person) : Promise.resolve(t.client()));

const pathOf = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => {
    const sample = samples[name];
    if (!sample) throw new Error(`No sample for the path parameter :${name} of ${url}: add one in access-matrix.test.ts.`);
    return sample;
  });
/**
 * Bodies that pass validation, for the endpoints whose body has required fields: the call then reaches its handler, so
 * another gym's owner is shown to get 404 for gym A's record rather than a 400 about the body.
 */
const sampleBodies: Record<string, unknown> = {
  // Issue 22: the gym settings' sections (the gym's own values, so a walk changes little).
  updateGymProfileSettings: { title: 'Matrix Gym', email: '', phone: '', address: { addressLines: [], locality: '', region: '', zipCode: '' } },
  updateGymRegionSettings: { country: 'US', timeZone: 'America/Chicago' },
  updateGymTaxSettings: { isTaxInclusive: false, classTaxRateId: null },
  updateGymClassDefaults: {
    bookingOpensDays: null,
    bookingClosesMinutes: 0,
    lateCancelCutoffMinutes: 0,
    cancellationFeeMinor: 0,
    noShowFeeMinor: 0,
    cancellationCreditDeduction: 0,
    noShowCreditDeduction: 0,
    waitlistEnabled: true,
    waitlistSize: null,
    promotionCutoffMinutes: 0,
  },
  updateGymKioskSettings: {
    athleteModeShowsAppointments: true,
    athleteModeShowsPhotos: true,
    athleteModeShowsEligible: true,
    allowWalkInsWithoutPackage: true,
  },
  updateGymEmailIdentity: { senderName: 'Matrix Gym', replyTo: 'matrix@test.example.com' },
  // End of issue 22's settings.
  createClassType: { name: 'Matrix Class' },
  updateClassType: { name: 'Matrix Class Type' },
  createAppointmentType: { name: 'Matrix Appointment' },
  updateAppointmentType: { name: 'Matrix Appointment Type' },
  createLocation: { name: 'Matrix Location' },
  updateLocation: { name: 'Matrix Hall' },
  createRoom: { name: 'Matrix Room' },
  updateRoom: { name: 'Matrix Bay' },
  inviteStaff: { firstName: 'Matrix', lastName: 'Invite', email: 'matrix-invite@test.example.com' },
  updateStaff: { firstName: 'Matrix', lastName: 'Colleague' },
  updateStaffPermissions: { permissions: ['Kiosk'] },
  updateStaffRole: { isOwner: false },
  updateAthleteRecord: { firstName: 'Matrix', lastName: 'Athlete' },
  anonymiseAthlete: { confirm: 'not yet' },
  createAthleteNote: { title: 'Matrix', content: '<p>Matrix note</p>' },
  updateAthleteNote: { title: 'Matrix', content: '<p>Matrix note</p>' },
  previewAthleteImport: { mapping: IMPORT_MAPPING },
  dryRunAthleteImport: { mapping: IMPORT_MAPPING },
  startAthleteImport: { mapping: IMPORT_MAPPING },
  createTaxRate: { name: 'Matrix Rate', percent: '5' },
  updateTaxRate: { name: 'Matrix VAT', percent: '20' },
  createProduct: { kind: 'retail', name: 'Matrix Tee', priceMinor: 1000 },
  updateProduct: { kind: 'retail', name: 'Matrix Item', priceMinor: 1200 },
  adjustProductStock: { mode: 'receive', quantity: 1 },
  sellProduct: { quantity: 1, athleteId: null, idempotencyKey: 'matrix-sale-key' },
  createPackage: { name: 'Matrix Membership', kind: 'membership', billingPlans: [{ name: 'Monthly', priceMinor: 10000 }] },
  updatePackage: { name: 'Matrix Package', kind: 'membership', billingPlans: [{ name: 'Monthly', priceMinor: 12000 }] },
  holdAthletePackage: { startsOn: '2026-03-20', endsOn: '2026-03-22' },
  cancelAthletePackage: { when: 'period_end', reason: 'Matrix' },
  renewAthletePackage: { idempotencyKey: 'matrix-renew-key' },
  adjustAthletePackageCredits: { delta: 1, note: 'Matrix' },
  saveMyPaymentMethod: { providerMethodId: 'pm_card_visa' },
  recordInvoicePayment: { amountMinor: 100, type: 'cash_or_check', idempotencyKey: 'matrix-payment-key' },
  voidInvoice: { reason: 'Matrix' },
  updatePaymentSettings: { dunningDays: [1, 3, 7] },
  createDocumentTemplate: { type: 'policy', title: 'Matrix policy', body: '<p>Matrix policy</p>' },
  updateDocumentTemplate: { type: 'waiver', title: 'Matrix waiver', body: '<p>Matrix {{athlete.fullName}}</p>' },
  signMyDocument: { contentSha256: 'a'.repeat(64), method: 'typed', typedName: 'Matrix Signer', agreed: true },
  // Issue 20: no hand-off is under way for any caller: the read and the signing answer 404, the end a wrong password.
  signHandOff: { contentSha256: '0'.repeat(64), method: 'typed', typedName: 'Matrix', agreed: true },
  endHandOff: { password: 'not-the-password' },
  // Issue 22 H3: message templates (a wording with known merge fields).
  updateMessageTemplate: { subject: 'Matrix {{className}}', bodyHtml: '<p>Matrix {{firstName}}</p>' },
  previewMessageTemplate: { subject: 'Matrix {{className}}', bodyHtml: '<p>Matrix {{firstName}}</p>' },
  testSendMessageTemplate: { subject: 'Matrix {{className}}', bodyHtml: '<p>Matrix {{firstName}}</p>' },
  // Issue 22: the gym's banners at /gym-settings; the bannerId sample is gym A's banner.
  createGymBanner: { title: 'Matrix banner', message: '<p>Matrix</p>', audiences: ['gym_staff'], startsAt: null, endsAt: null },
  // Issue 37: payroll.
  createPayRate: { name: 'Matrix hourly', kind: 'hourly', amountMinor: 2000 },
  updatePayRate: { name: 'Matrix per class', kind: 'class_flat', amountMinor: 2500 },
  createWorkCategory: { name: 'Matrix category' },
  reviewWorkEntry: { decision: 'reject', reason: 'Matrix' },
  updateGymBanner: { title: 'Matrix banner', message: '<p>Matrix edited</p>', audiences: ['gym_staff', 'athletes'], startsAt: null, endsAt: null },
};
/** Issue 21: a valid range (and row key) for the report endpoints, so allowed callers reach the handler. */
const queryOf = (name: string) =>
  name.startsWith('report:') || name.startsWith('reportCsv:') || name.startsWith('payrollReport') || name === 'myPay'
    ? '?from=2026-02-01&to=2026-03-04'
    : name.startsWith('reportDetails:')
      ? '?from=2026-02-01&to=2026-03-04&key=2026-02-01'
      : '';
const call = (c: ApiClient, route: { name: string; method: string; url: string }) =>
  c.request(
    route.method as 'GET',
    pathOf(route.url) + queryOf(route.name),
    ['GET', 'DELETE'].includes(route.method) ? undefined : (sampleBodies[route.name] ?? {}),
  );

describe('access matrix', () => {
  it('routes exactly the declared endpoints under /api, each with its declared access', () => {
    const routed = t.app.accessTable.filter((r) => !r.url.startsWith('/api/docs'));
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    // Nothing is routed undeclared, and nothing declared is missing.
    expect(routed.map(key).sort()).toEqual(DECLARED.map(key).sort());
    for (const route of routed) {
      const declared = DECLARED.find((d) => key(d) === key(route))!;
      expect(route.access, key(route)).toEqual(declared.access);
      expect(route.name, key(route)).toBe(declared.name);
    }
    expect(DECLARED.length).toBeGreaterThan(10);
    for (const route of DECLARED) expect(route.access.kind).toMatch(/^(anonymous|user|profile|platform)$/);
  });

  it('refuses every caller a route does not declare, and changes nothing', async () => {
    const clients = new Map<string, ApiClient>();
    for (const caller of callers) clients.set(caller.name, await clientFor(caller));
    const before = await databaseDigest(t.db);
    const checked: string[] = [];
    for (const route of DECLARED) {
      for (const caller of callers) {
        if (isAllowed(route.access, caller)) continue;
        const res = await call(clients.get(caller.name)!, route);
        const label = `${route.method} ${route.url} as ${caller.name}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        checked.push(label);
        expect([401, 403], label).toContain(res.statusCode);
        expect(ACCESS_REFUSAL_CODES, label).toContain(res.json().code);
      }
    }
    expect(await databaseDigest(t.db)).toBe(before);
    expect(checked.length).toBeGreaterThan(0);
  });

  it('lets every declared caller through the access check', async () => {
    const reused = new Map<string, ApiClient>();
    for (const route of DECLARED) {
      for (const caller of callers) {
        if (!isAllowed(route.access, caller)) continue;
        // Auth routes change the session itself (logout, clear-profile…): they get a fresh one.
        const isAuth = route.url.startsWith('/api/auth/');
        let client = isAuth ? undefined : reused.get(caller.name);
        if (!client) {
          client = await clientFor(caller);
          if (!isAuth) reused.set(caller.name, client);
        }
        const res = await call(client, route);
        const label = `${route.method} ${route.url} as ${caller.name}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode === 401 || res.statusCode === 403) {
          expect(ACCESS_REFUSAL_CODES, label).not.toContain(res.json().code);
        }
        // Gym A's records (every path parameter names one) stay out of another gym's reach.
        // (Except a gym's public sales portal, open to everyone by design: anyone may buy there, spec 2.7; a message
        // template's kind (issue 22), which names no record: each gym reads and writes its own wording of the kind; and a
        // single sign-on provider (issue 40), which names no gym's record either.)
        if (
          caller.foreignGym &&
          /:\w+/.test(route.url) &&
          !route.url.startsWith('/api/sales-portals/') &&
          !route.url.startsWith('/api/message-templates/') &&
          !route.url.includes(':provider')
        ) {
          expect([403, 404], label).toContain(res.statusCode);
        }
      }
    }
  });
});
