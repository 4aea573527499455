import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  messageTemplateDetailSchema,
  messageTemplateKinds,
  messageTemplateListSchema,
  messageTemplateMessages,
  renderedMessageSchema,
  testSendAnswerSchema,
} from '@spotter/shared';
import * as s from '../../db/schema';
import { createMailer } from '../../lib/mailer';
import { deliverMail } from '../../lib/outbox';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { databaseDigest } from '../../../test/digest';
import type { Athlete } from '../../../test/factories';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let other: KioskGym;
let owner: ApiClient;
let viewer: ApiClient;
let nobody: ApiClient;
let otherOwner: ApiClient;
let staffClient: ApiClient;
let hostile: Athlete;

const URL = '/api/message-templates/';
const SENDER = 'Iron Front Desk';
const REPLY_TO = 'desk@iron.example.com';

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  other = await t.make.kioskGym({ athletes: 0 });
  await t.db.update(s.gyms).set({ senderName: SENDER, replyTo: REPLY_TO, profilePicture: '/media/gyms/logo.png' }).where(eq(s.gyms.id, w.gym.id));
  owner = await t.as(w.owner);
  viewer = await t.as(await t.make.staff(w.gym.id, { permissions: ['FlowView'] }));
  nobody = await t.as(await t.make.staff(w.gym.id, { permissions: [] }));
  otherOwner = await t.as(other.owner);
  staffClient = await t.as(w.staff);
  hostile = await t.make.athlete(w.gym.id, { firstName: '<img src=x onerror=alert(1)>', lastName: 'Hacker' });
  await t.make.membership(w.gym.id, [hostile.athleteId]);
});
afterAll(async () => {
  await t.close();
});

const outboxWhere = (key: string) => t.db.select().from(s.mailOutbox).where(eq(s.mailOutbox.dedupeKey, key));
const makeClass = (o: Parameters<TestApp['make']['event']>[1] = {}) =>
  t.make.event(w.gym, { classTypeId: w.classType.id, locationId: w.location.id, taxRateId: w.taxRate.id, daysAhead: 1, time: '06:00', ...o });

describe('message templates: list, get, save, reset', () => {
  it('lists every kind with the default wording, and one kind with its merge fields', async () => {
    const list = messageTemplateListSchema.parse((await owner.get(URL)).json());
    expect(list.results.map((r) => r.kind)).toEqual([...messageTemplateKinds]);
    expect(list.results.every((r) => !r.isOverridden && r.updatedAt === null)).toBe(true);
    const one = messageTemplateDetailSchema.parse((await owner.get(`${URL}class_booked/`)).json());
    expect(one).toMatchObject({ kind: 'class_booked', isOverridden: false, subject: one.defaultSubject, bodyHtml: one.defaultBodyHtml });
    expect(one.mergeFields.map((f) => f.key)).toEqual(expect.arrayContaining(['firstName', 'gymTitle', 'className', 'when', 'location', 'link']));
    expect((await owner.get(`${URL}nope/`)).statusCode).toBe(400);
  });

  it('saves a sanitised wording with who saved it, then resets it to the default', async () => {
    const res = await owner.put(`${URL}document_issued/`, {
      subject: '  Sign {{documentTitle}} ',
      bodyHtml: '<p onclick="x()">Hi {{firstName}}<script>alert(1)</script></p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = messageTemplateDetailSchema.parse(res.json());
    expect(saved).toMatchObject({ isOverridden: true, subject: 'Sign {{documentTitle}}', bodyHtml: '<p>Hi {{firstName}}</p>' });
    const [row] = await t.db
      .select()
      .from(s.messageTemplates)
      .where(and(eq(s.messageTemplates.gymId, w.gym.id), eq(s.messageTemplates.kind, 'document_issued')));
    expect(row!.updatedByProfileId).toBe(w.owner.profileId);
    // Saving again updates the one row.
    await owner.put(`${URL}document_issued/`, { subject: 'Again {{documentTitle}}', bodyHtml: '<p>Hi</p>' });
    expect(await t.db.select().from(s.messageTemplates).where(eq(s.messageTemplates.gymId, w.gym.id))).toHaveLength(1);
    const list = messageTemplateListSchema.parse((await owner.get(URL)).json());
    expect(list.results.find((r) => r.kind === 'document_issued')).toMatchObject({ isOverridden: true, subject: 'Again {{documentTitle}}' });

    const reset = messageTemplateDetailSchema.parse((await owner.delete(`${URL}document_issued/`)).json());
    expect(reset).toMatchObject({ isOverridden: false, subject: reset.defaultSubject, updatedAt: null });
    expect(await t.db.select().from(s.messageTemplates).where(eq(s.messageTemplates.gymId, w.gym.id))).toHaveLength(0);
  });

  it('refuses an empty body, a blank subject and unknown merge fields, changing nothing', async () => {
    const before = await databaseDigest(t.db);
    const empty = await owner.put(`${URL}class_booked/`, { subject: 'Hi', bodyHtml: '<p> </p><script>x</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: messageTemplateMessages.bodyRequired });
    const blank = await owner.put(`${URL}class_booked/`, { subject: '  ', bodyHtml: '<p>Hi</p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(messageTemplateMessages.subjectRequired);
    const unknown = await owner.put(`${URL}class_booked/`, { subject: 'Hi {{invoiceNumber}}', bodyHtml: '<p>{{nope}} {{firstName}}</p>' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(messageTemplateMessages.unknownFields(['invoiceNumber', 'nope']).replace(/"/g, '\\"'));
    // The preview and the test send refuse the same.
    expect((await owner.post(`${URL}class_booked/preview/`, { subject: 'Hi', bodyHtml: '<p>{{nope}}</p>' })).statusCode).toBe(400);
    expect((await owner.post(`${URL}class_booked/test-send/`, { subject: 'Hi', bodyHtml: '' })).statusCode).toBe(400);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('FlowView sees and previews, FlowMutate changes and test-sends; staff without either get 403', async () => {
    const body = { subject: 'Booked {{className}}', bodyHtml: '<p>Hi {{firstName}}</p>' };
    expect((await viewer.get(URL)).statusCode).toBe(200);
    expect((await viewer.get(`${URL}class_booked/`)).statusCode).toBe(200);
    expect((await viewer.post(`${URL}class_booked/preview/`, body)).statusCode).toBe(200);
    expect((await viewer.put(`${URL}class_booked/`, body)).statusCode).toBe(403);
    expect((await viewer.delete(`${URL}class_booked/`)).statusCode).toBe(403);
    expect((await viewer.post(`${URL}class_booked/test-send/`, body)).statusCode).toBe(403);
    expect((await nobody.get(URL)).statusCode).toBe(403);
    expect((await nobody.post(`${URL}class_booked/preview/`, body)).statusCode).toBe(403);
    const athlete = await t.as({ userId: hostile.userId!, profileId: hostile.profileId });
    expect((await athlete.get(URL)).statusCode).toBe(403);
  });

  it("keeps each gym's wording its own", async () => {
    await otherOwner.put(`${URL}waitlist_promoted/`, { subject: 'Other gym {{className}}', bodyHtml: '<p>Other</p>' });
    const mine = messageTemplateDetailSchema.parse((await owner.get(`${URL}waitlist_promoted/`)).json());
    expect(mine.isOverridden).toBe(false);
    const theirs = messageTemplateDetailSchema.parse((await otherOwner.get(`${URL}waitlist_promoted/`)).json());
    expect(theirs).toMatchObject({ isOverridden: true, subject: 'Other gym {{className}}' });
    // Resetting mine leaves theirs.
    await owner.delete(`${URL}waitlist_promoted/`);
    expect(messageTemplateDetailSchema.parse((await otherOwner.get(`${URL}waitlist_promoted/`)).json()).isOverridden).toBe(true);
  });
});

describe('preview and test send', () => {
  it('previews with the sample values under the gym sender name, reply-to and logo', async () => {
    const res = await viewer.post(`${URL}class_booked/preview/`, {
      subject: 'Booked: {{className}} at {{gymTitle}}',
      bodyHtml: '<p>Hi {{firstName}}, see {{link}}</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = renderedMessageSchema.parse(res.json());
    expect(preview.subject).toBe(`Booked: Morning WOD at ${w.gym.title}`);
    expect(preview.from).toMatch(new RegExp(`^"${SENDER}" <[^>]+@[^>]+>$`));
    expect(preview.replyTo).toBe(REPLY_TO);
    expect(preview.html).toContain('Hi Alex, see <a href="https://app.spotter.example/classes/…"');
    expect(preview.html).toContain('/media/gyms/logo.png');
    expect(preview.text).toContain('Hi Alex, see https://app.spotter.example/classes/…');
  });

  it("sends the wording being edited to the caller's own email through the outbox", async () => {
    const res = await owner.post(`${URL}invoice/test-send/`, { subject: 'Test {{invoiceNumber}}', bodyHtml: '<p>Total {{total}}</p>' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = testSendAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({ to: w.owner.email, detail: messageTemplateMessages.testSent(w.owner.email) });
    const [row] = await t.db.select().from(s.mailOutbox).where(eq(s.mailOutbox.id, answer.messageId));
    expect(row).toMatchObject({
      kind: 'invoice',
      gymId: w.gym.id,
      toAddress: w.owner.email,
      subject: 'Test INV-0042',
      fromName: SENDER,
      replyTo: REPLY_TO,
      dedupeKey: null,
      attachments: null,
    });
    expect(row!.html).toContain('Total $120.00');
    // Each press is a mail of its own.
    const again = testSendAnswerSchema.parse(
      (await owner.post(`${URL}invoice/test-send/`, { subject: 'Test {{invoiceNumber}}', bodyHtml: '<p>Total {{total}}</p>' })).json(),
    );
    expect(again.messageId).not.toBe(answer.messageId);
  });
});

describe('class_booked: the booking confirmation', () => {
  it("is written with the gym's wording, values escaped, under its sender name and reply-to, once per booking", async () => {
    await owner.put(`${URL}class_booked/`, {
      subject: 'See you at {{className}}, {{firstName}}',
      bodyHtml: '<p>Dear {{fullName}}, {{className}} on {{when}} at {{location}}. {{link}}</p>',
    });
    const cls = await makeClass();
    const id = randomUUID();
    const res = await staffClient.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: id,
      athlete: hostile.athleteId,
      kiloClass: cls.id,
      isReserved: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await outboxWhere(`class_booked:${id}`);
    expect(row).toMatchObject({ kind: 'class_booked', gymId: w.gym.id, toAddress: hostile.email, fromName: SENDER, replyTo: REPLY_TO });
    expect(row!.subject).toBe(`See you at ${w.classType.name}, <img src=x onerror=alert(1)>`);
    expect(row!.html).not.toContain('<img src=x');
    expect(row!.html).toContain('Dear &lt;img src=x onerror=alert(1)&gt; Hacker');
    expect(row!.html).toContain(w.location.name);
    expect(row!.html).toContain(`<a href="${t.app.config.appUrl}/classes/${cls.id}"`);
    expect(row!.text).toContain('Dear <img src=x onerror=alert(1)> Hacker');
    // The same request again (a retry) mails nothing more.
    await staffClient.post('/api/athlete-kilo-classes/', { athleteKiloClassId: id, athlete: hostile.athleteId, kiloClass: cls.id, isReserved: true });
    expect(await outboxWhere(`class_booked:${id}`)).toHaveLength(1);
    await owner.delete(`${URL}class_booked/`);
  });

  it('is sent when the athlete books themself, with the default wording; not for a walk-in or a place in line', async () => {
    const me = await t.make.athlete(w.gym.id, { firstName: 'Self', lastName: 'Booker' });
    await t.make.membership(w.gym.id, [me.athleteId]);
    const cls = await makeClass({ daysAhead: 2 });
    const asMe = await t.as({ userId: me.userId!, profileId: me.profileId });
    const own = await asMe.post('/api/athlete-kilo-classes/', { athlete: me.athleteId, kiloClass: cls.id, isReserved: true });
    expect(own.statusCode, own.body).toBe(201);
    const [mail] = await t.db
      .select()
      .from(s.mailOutbox)
      .where(and(eq(s.mailOutbox.kind, 'class_booked'), eq(s.mailOutbox.toAddress, me.email!)));
    expect(mail!.subject).toMatch(new RegExp(`^Booked: ${w.classType.name}, `));
    expect(mail!.html).toContain('Hi Self,');

    const walkIn = await t.make.athlete(w.gym.id, { firstName: 'Walk', lastName: 'In' });
    const now = await makeClass({ daysAhead: 0, time: '00:30' });
    const wi = await staffClient.post('/api/athlete-kilo-classes/', {
      athleteKiloClassId: randomUUID(),
      athlete: walkIn.athleteId,
      kiloClass: now.id,
      isReserved: false,
      isCheckedIn: true,
    });
    expect(wi.statusCode, wi.body).toBe(201);
    const full = await makeClass({ daysAhead: 3, capacity: 1 });
    const first = await t.make.athlete(w.gym.id, { firstName: 'First', lastName: 'In' });
    const waiting = await t.make.athlete(w.gym.id, { firstName: 'Wait', lastName: 'Ing' });
    await staffClient.post('/api/athlete-kilo-classes/', { athlete: first.athleteId, kiloClass: full.id, isReserved: true });
    const line = await staffClient.post('/api/athlete-kilo-classes/', { athlete: waiting.athleteId, kiloClass: full.id, isReserved: true, joinWaitlist: true });
    expect(line.statusCode, line.body).toBe(201);
    const booked = await t.db.select({ to: s.mailOutbox.toAddress }).from(s.mailOutbox).where(eq(s.mailOutbox.kind, 'class_booked'));
    expect(booked.map((b) => b.to)).toContain(first.email);
    expect(booked.map((b) => b.to)).not.toContain(walkIn.email);
    expect(booked.map((b) => b.to)).not.toContain(waiting.email);
  });
});

describe('a real SMTP round trip', () => {
  it("delivers a template mail with the gym's sender name as From's display name and its Reply-To", async () => {
    const received: string[] = [];
    const server = net.createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        for (;;) {
          if (data) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            data = false;
            socket.write('250 OK\r\n');
            continue;
          }
          const nl = buffer.indexOf('\r\n');
          if (nl < 0) return;
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
          else if (verb === 'DATA') {
            data = true;
            socket.write('354 go on\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 OK\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const mailer = createMailer(`smtp://127.0.0.1:${port}`, 'Spotter <no-reply@spotter.test>', t.app.log);
      const sent = testSendAnswerSchema.parse(
        (await owner.post(`${URL}class_booked/test-send/`, { subject: 'Round {{className}}', bodyHtml: '<p>Hi {{firstName}}</p>' })).json(),
      );
      // Delivered here (not by the queue's worker), as the job would.
      expect(await deliverMail(t.db, mailer, sent.messageId, { retryCount: 0, retryLimit: 3 })).toBe('sent');
      expect(received).toHaveLength(1);
      const raw = received[0]!;
      expect(raw).toMatch(/^From: "?Iron Front Desk"? <no-reply@spotter\.test>/m);
      expect(raw).toMatch(/^Reply-To: desk@iron\.example\.com/m);
      expect(raw).toMatch(/^Subject: Round Morning WOD/m);
      expect(raw).toContain('text/plain');
      expect(raw).toContain('text/html');
      const [row] = await t.db.select().from(s.mailOutbox).where(eq(s.mailOutbox.id, sent.messageId));
      expect(row!.status).toBe('sent');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
