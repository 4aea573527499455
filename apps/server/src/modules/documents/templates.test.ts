import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  documentMessages,
  documentTemplateDetailSchema,
  documentTemplateListSchema,
  documentTemplateVersionSchema,
  type DocumentTemplateFormInput,
} from '@spotter/shared';
import * as s from '../../db/schema';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { databaseDigest } from '../../../test/digest';
import { issueRequiredDocuments } from './documents.service';
import { findTemplate, listTemplates } from './templates.repository';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let owner: ApiClient;
let plainStaff: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 3 });
  owner = await t.as(w.owner);
  plainStaff = await t.as(await t.make.staff(w.gym.id, { permissions: [] }));
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/documents/templates/';
const waiver: DocumentTemplateFormInput = {
  type: 'waiver',
  title: 'Liability Waiver',
  body: '<h2>Release</h2><p>I, {{athlete.fullName}}, train at {{gym.name}} at my own risk.</p>',
  requiresSignature: true,
  initialFields: ['I accept the risks of training'],
  requiredOnSignUp: true,
};
let serial = 0;
const create = async (body: Partial<DocumentTemplateFormInput> = {}, client = owner) => {
  const res = await client.post(URL, { ...waiver, title: `Waiver ${++serial}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return documentTemplateDetailSchema.parse(res.json());
};
const openDocsOf = (templateId: string) =>
  t.db
    .select({ id: s.documents.id, athleteId: s.documents.athleteId, source: s.documents.source, versionId: s.documents.templateVersionId })
    .from(s.documents)
    .where(and(eq(s.documents.templateId, templateId), isNull(s.documents.signedAt), isNull(s.documents.voidedAt)));

describe('document templates', () => {
  it('creates version 1 with a sanitised body whose merge tokens survive, and lists it with its counts', async () => {
    const made = await create({ body: '<p onclick="x()">Hi {{athlete.fullName}}<script>alert(1)</script><img src=x onerror=alert(1)></p>' });
    expect(made.currentVersion).toBe(1);
    expect(made.body).toBe('<p>Hi {{athlete.fullName}}</p>');
    expect(made.versions).toHaveLength(1);
    expect(made.versions[0]).toMatchObject({ version: 1, title: made.title });
    expect(made.versions[0]!.createdByName).toBeTruthy();
    expect(made.versions[0]).not.toHaveProperty('body');
    expect(made.requiredOnSignUp).toBe(true);

    const list = documentTemplateListSchema.parse((await owner.get(URL)).json());
    expect(list.find((r) => r.templateId === made.templateId)).toMatchObject({ unsignedCount: 0, signedCount: 0, archived: false });
    // Staff without any permission may manage documents too (spec 6 names no permission for them).
    expect((await plainStaff.get(URL)).statusCode).toBe(200);
  });

  it('refuses a blank title or body, and packages of another gym, changing nothing', async () => {
    const other = await t.make.gym();
    const foreign = await t.make.package(other.id);
    const before = await databaseDigest(t.db);
    const blank = await owner.post(URL, { ...waiver, body: '<p> </p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(documentMessages.bodyRequired);
    expect((await owner.post(URL, { ...waiver, title: ' ' })).body).toContain(documentMessages.titleRequired);
    const res = await owner.post(URL, { ...waiver, packageIds: [foreign.id] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(documentMessages.packageNotFound);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('a changed wording writes a new version; rules change in place; issued documents keep their version', async () => {
    const made = await create({ requiredOnSignUp: false });
    const athlete = w.members[0]!;
    await t.db.transaction((tx) => issueRequiredDocuments(tx, w.gym.id, [athlete.athleteId], { kind: 'sign_up' }));
    // Not required on sign-up: nothing issued from it.
    expect(await openDocsOf(made.templateId)).toHaveLength(0);

    const pkg = await t.make.package(w.gym.id);
    const rulesOnly = documentTemplateDetailSchema.parse(
      (await owner.put(`${URL}${made.templateId}/`, { ...waiver, title: made.title, requiredOnSignUp: true, packageIds: [pkg.id] })).json(),
    );
    expect(rulesOnly.currentVersion).toBe(1);
    expect(rulesOnly.packageIds).toEqual([pkg.id]);
    await t.db.transaction((tx) => issueRequiredDocuments(tx, w.gym.id, [athlete.athleteId], { kind: 'sign_up' }));
    const [issued] = await openDocsOf(made.templateId);
    expect(issued).toMatchObject({ athleteId: athlete.athleteId, source: 'sign_up' });

    const res = await owner.put(`${URL}${made.templateId}/`, {
      ...waiver,
      title: made.title,
      body: '<p>New wording for {{athlete.fullName}}.</p>',
      requiredOnSignUp: true,
      packageIds: [pkg.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const v2 = documentTemplateDetailSchema.parse(res.json());
    expect(v2.currentVersion).toBe(2);
    expect(v2.body).toBe('<p>New wording for {{athlete.fullName}}.</p>');
    expect(v2.versions.map((v) => v.version)).toEqual([2, 1]);

    // The issued document still points at version 1.
    const [v1Row] = await t.db
      .select({ id: s.documentTemplateVersions.id })
      .from(s.documentTemplateVersions)
      .where(and(eq(s.documentTemplateVersions.templateId, made.templateId), eq(s.documentTemplateVersions.version, 1)));
    expect((await openDocsOf(made.templateId))[0]!.versionId).toBe(v1Row!.id);

    const old = documentTemplateVersionSchema.parse((await owner.get(`${URL}${made.templateId}/versions/1/`)).json());
    expect(old.body).toBe(waiver.body);
    expect((await owner.get(`${URL}${made.templateId}/versions/3/`)).statusCode).toBe(404);

    // Requires-signature and the initials are part of the wording too.
    const v3 = documentTemplateDetailSchema.parse(
      (
        await owner.put(`${URL}${made.templateId}/`, {
          ...waiver,
          title: made.title,
          body: v2.body,
          initialFields: [],
          requiredOnSignUp: true,
          packageIds: [pkg.id],
        })
      ).json(),
    );
    expect(v3.currentVersion).toBe(3);
    expect(v3.initialFields).toEqual([]);

    const list = documentTemplateListSchema.parse((await owner.get(URL)).json());
    expect(list.find((r) => r.templateId === made.templateId)).toMatchObject({ unsignedCount: 1, signedCount: 0 });
  });

  it('turning "before booking" on issues the current version to every active athlete, once', async () => {
    const g = await t.make.kioskGym({ athletes: 4 });
    const o = await t.as(g.owner);
    const archived = g.members[3]!;
    await t.db.update(s.athletes).set({ archivedAt: new Date() }).where(eq(s.athletes.id, archived.athleteId));
    const made = documentTemplateDetailSchema.parse((await o.post(URL, { ...waiver, requiredOnSignUp: false, requiredBeforeBooking: false })).json());
    expect(await openDocsOf(made.templateId)).toHaveLength(0);
    const on = await o.put(`${URL}${made.templateId}/`, { ...waiver, requiredOnSignUp: false, requiredBeforeBooking: true });
    expect(on.statusCode, on.body).toBe(200);
    const docs = await openDocsOf(made.templateId);
    expect(docs.map((d) => d.athleteId).sort()).toEqual(
      g.members
        .slice(0, 3)
        .map((m) => m.athleteId)
        .sort(),
    );
    expect(docs.every((d) => d.source === 'rule')).toBe(true);
    // Saving again (still on) issues nothing more.
    await o.put(`${URL}${made.templateId}/`, { ...waiver, body: '<p>Changed</p>', requiredOnSignUp: false, requiredBeforeBooking: true });
    expect(await openDocsOf(made.templateId)).toHaveLength(3);
    // Created with the rule on: issued at once.
    const second = documentTemplateDetailSchema.parse(
      (await o.post(URL, { ...waiver, title: 'House rules', type: 'policy', requiredBeforeBooking: true })).json(),
    );
    expect(await openDocsOf(second.templateId)).toHaveLength(3);
    expect(documentTemplateListSchema.parse((await o.get(URL)).json()).find((r) => r.templateId === second.templateId)!.unsignedCount).toBe(3);
  });

  it('archives and restores; an archived template fires no rule', async () => {
    const made = await create({ requiredOnSignUp: true });
    const archived = documentTemplateDetailSchema.parse((await owner.post(`${URL}${made.templateId}/archive/`)).json());
    expect(archived.archived).toBe(true);
    expect((await owner.post(`${URL}${made.templateId}/archive/`)).statusCode).toBe(200);
    const fresh = await t.make.athlete(w.gym.id, { login: false });
    await t.db.transaction((tx) => issueRequiredDocuments(tx, w.gym.id, [fresh.athleteId], { kind: 'sign_up' }));
    expect((await openDocsOf(made.templateId)).some((d) => d.athleteId === fresh.athleteId)).toBe(false);
    const list = documentTemplateListSchema.parse((await owner.get(URL)).json());
    expect(list.at(-1)!.archived).toBe(true);
    const restored = documentTemplateDetailSchema.parse((await owner.post(`${URL}${made.templateId}/restore/`)).json());
    expect(restored.archived).toBe(false);
  });

  it("another gym's owner sees none of it", async () => {
    const made = await create();
    const g = await t.make.kioskGym({ athletes: 0 });
    const stranger = await t.as(g.owner);
    expect(documentTemplateListSchema.parse((await stranger.get(URL)).json())).toEqual([]);
    const before = await databaseDigest(t.db);
    expect((await stranger.get(`${URL}${made.templateId}/`)).statusCode).toBe(404);
    expect((await stranger.get(`${URL}${made.templateId}/versions/1/`)).statusCode).toBe(404);
    expect((await stranger.put(`${URL}${made.templateId}/`, waiver)).statusCode).toBe(404);
    expect((await stranger.post(`${URL}${made.templateId}/archive/`)).statusCode).toBe(404);
    expect(await databaseDigest(t.db)).toEqual(before);
    const withLogin = await t.make.athlete(w.gym.id);
    const athlete = await t.as({ userId: withLogin.userId!, profileId: withLogin.profileId });
    expect((await athlete.get(URL)).statusCode).toBe(403);
  });

  it('two saves at once make two versions, never the same one twice', async () => {
    const made = await create();
    const [a, b] = await Promise.all([
      owner.put(`${URL}${made.templateId}/`, { ...waiver, title: made.title, body: '<p>A</p>' }),
      owner.put(`${URL}${made.templateId}/`, { ...waiver, title: made.title, body: '<p>B</p>' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const detail = documentTemplateDetailSchema.parse((await owner.get(`${URL}${made.templateId}/`)).json());
    expect(detail.versions.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('reads the list in one statement and a template in three, whatever their number', async () => {
    const made = await create();
    await create();
    const list = await countDriverQueries(t.db, () => listTemplates(t.db, w.gym.id));
    expect(list.count).toBe(1);
    expect(list.result.length).toBeGreaterThan(2);
    expect((await countDriverQueries(t.db, () => findTemplate(t.db, w.gym.id, made.templateId))).count).toBe(3);
  });
});
