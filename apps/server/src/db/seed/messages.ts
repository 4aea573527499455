import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { formatDate, formatMoney, formatTime, toZoned, type GymCountry, type MessageTemplateKind } from '@spotter/shared';
import * as t from '../schema';
import type { Tx } from '../client';
import { composeMails, type ComposeItem } from '../../modules/messages/compose';

/**
 * Issue 22: each real gym's email identity (sender name, reply-to) and postal address, two of its mails in its own
 * wording, a banner scheduled ahead and an ended one (beside the platform's current kiosk news), and a history of
 * mails to its members so the message log and the athlete page's Messages tab have something to show: sent ones, a
 * failed one (3 attempts, the SMTP error), and one pending a retry. The rows are written as the composer writes them,
 * straight into the outbox WITHOUT delivery jobs: nothing seeded is ever sent. Deterministic: no draws from the seed's
 * PRNG (every id drawn before and after stays as it was).
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
/** The seed has no configured address of the web app: the mails' links (and a logo) point here. */
const APP_URL = 'https://app.spotter.example';

/** The gyms' own wordings: a friendlier waitlist promotion and cancellation (merge fields as the catalogue has them). */
const OVERRIDES: { kind: MessageTemplateKind; subject: string; bodyHtml: string }[] = [
  {
    kind: 'waitlist_promoted',
    subject: 'Good news, {{firstName}}: a spot opened in {{className}}',
    bodyHtml:
      '<p>Hi {{firstName}},</p><p>Someone dropped out of <strong>{{className}}</strong> on {{when}}, and you were next on the waitlist: <strong>you are booked in</strong>.</p><p>Can’t make it after all? Please cancel here so the next person gets the spot: {{link}}</p><p>See you on the floor,<br>The {{gymTitle}} coaches</p>',
  },
  {
    kind: 'class_cancelled',
    subject: 'Sorry {{firstName}}, {{className}} on {{when}} is cancelled',
    bodyHtml:
      '<p>Hi {{fullName}},</p><p>We’ve had to cancel <strong>{{className}}</strong> on {{when}}. {{reason}}</p><p>{{bookingOutcome}}. Pick another class on the schedule: {{link}}</p><p>Sorry for the change,<br>{{gymTitle}}</p>',
  },
];

type Member = { firstName: string; lastName: string; email: string };

/** The real gyms' phone (digits, as the settings store it) and postal address: the settings page, the mails and documents' merge fields. */
const CONTACTS: Record<string, { phone: string; addressLines: string[]; locality: string; region: string; zipCode: string }> = {
  iron: { phone: '13125550142', addressLines: ['1200 W Fulton Market'], locality: 'Chicago', region: 'Illinois', zipCode: '60607' },
  northside: { phone: '441614960123', addressLines: ['14 Deansgate'], locality: 'Manchester', region: 'Greater Manchester', zipCode: 'M3 2BW' },
  maple: { phone: '14165550175', addressLines: ['220 King St W'], locality: 'Toronto', region: 'Ontario', zipCode: 'M5H 1K4' },
};

export async function seedGymMessages(
  db: Tx,
  gym: { id: string; key: string; title: string; country: GymCountry; timeZone: string },
  now: Date,
): Promise<void> {
  await db
    .update(t.gyms)
    .set({ senderName: `${gym.title} Team`, replyTo: `frontdesk@${gym.key}.example.com`, ...(CONTACTS[gym.key] ?? {}) })
    .where(eq(t.gyms.id, gym.id));

  const [owner] = await db
    .select({ id: t.profiles.id })
    .from(t.profiles)
    .where(and(eq(t.profiles.gymId, gym.id), eq(t.profiles.role, 'owner')))
    .orderBy(asc(t.profiles.createdAt), asc(t.profiles.id))
    .limit(1);
  const edited = new Date(now.getTime() - 20 * DAY);
  await db
    .insert(t.messageTemplates)
    .values(OVERRIDES.map((o) => ({ gymId: gym.id, ...o, updatedAt: edited, updatedByProfileId: owner?.id ?? null, createdAt: edited })));

  await db.insert(t.banners).values([
    {
      gymId: gym.id,
      audiences: ['gym_staff', 'athletes'],
      title: 'Holiday opening hours',
      message: '<p>Over the holidays we open <strong>8 AM to 12 PM</strong> only, and the evening classes take a break. Book early: spots go fast.</p>',
      startsAt: new Date(now.getTime() + 5 * DAY),
      endsAt: new Date(now.getTime() + 19 * DAY),
      createdAt: new Date(now.getTime() - 2 * DAY),
      updatedAt: new Date(now.getTime() - 2 * DAY),
    },
    {
      gymId: gym.id,
      audiences: ['athletes'],
      title: 'Summer barbell challenge',
      message: '<p>Log your best <em>snatch</em> and <em>clean &amp; jerk</em> by the end of the month. Winners get a free month.</p>',
      startsAt: new Date(now.getTime() - 45 * DAY),
      endsAt: new Date(now.getTime() - 15 * DAY),
      createdAt: new Date(now.getTime() - 46 * DAY),
      updatedAt: new Date(now.getTime() - 46 * DAY),
    },
  ]);

  // The members written to: the demo athlete (their Messages tab) and the first few others by name.
  const members: Member[] = await db
    .select({ firstName: t.athletes.firstName, lastName: t.athletes.lastName, email: t.athletes.email })
    .from(t.athletes)
    .where(and(eq(t.athletes.gymId, gym.id), isNotNull(t.athletes.email)))
    .orderBy(asc(t.athletes.lastName), asc(t.athletes.firstName), asc(t.athletes.id))
    .limit(8)
    .then((rows) => rows.filter((r): r is Member => Boolean(r.email)));
  const [demo] = await db
    .select({ firstName: t.athletes.firstName, lastName: t.athletes.lastName, email: t.athletes.email })
    .from(t.athletes)
    .where(and(eq(t.athletes.gymId, gym.id), eq(t.athletes.email, 'athlete@example.com')));
  if (demo?.email) members.unshift(demo as Member);
  if (members.length === 0) return;

  const whenOf = (at: Date) => {
    const { date, time } = toZoned(at, gym.timeZone);
    return `${formatDate(date, gym.country)} at ${formatTime(time, gym.country)}`;
  };
  type Planned = { item: ComposeItem; daysAgo: number; status: 'sent' | 'failed' | 'pending'; attempts: number; lastError: string | null };
  const plans: Planned[] = [];
  const person = (m: Member) => ({ firstName: m.firstName, fullName: `${m.firstName} ${m.lastName}`.trim() });
  members.forEach((m, i) => {
    const classAt = new Date(now.getTime() - (i + 1) * DAY + 9 * 3600_000);
    plans.push({
      item: {
        kind: 'class_booked',
        to: m.email,
        values: { ...person(m), className: 'Barbell Club', when: whenOf(classAt), location: 'Main Floor', link: `${APP_URL}/schedule` },
      },
      daysAgo: i + 2,
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
  });
  const [first, second = first!, third = first!] = members;
  plans.push(
    {
      item: {
        kind: 'waitlist_promoted',
        to: first!.email,
        values: { ...person(first!), className: 'Olympic Lifting', when: whenOf(new Date(now.getTime() - 3 * DAY)), link: `${APP_URL}/schedule` },
      },
      daysAgo: 4,
      status: 'sent',
      attempts: 1,
      lastError: null,
    },
    {
      item: {
        kind: 'class_cancelled',
        to: second.email,
        values: {
          ...person(second),
          className: 'Sunday Open Gym',
          when: whenOf(new Date(now.getTime() - 6 * DAY)),
          reason: 'The coach is ill.',
          bookingOutcome: 'Your booking is removed, and any credit it used is given back',
          link: `${APP_URL}/schedule`,
        },
      },
      daysAgo: 7,
      status: 'sent',
      attempts: 1,
      lastError: null,
    },
    {
      item: {
        kind: 'document_issued',
        to: third.email,
        values: {
          ...person(third),
          documentTitle: 'Liability Waiver',
          documentType: 'waiver',
          athleteName: person(third).fullName,
          link: `${APP_URL}/documents`,
        },
      },
      daysAgo: 10,
      status: 'sent',
      attempts: 2,
      lastError: null,
    },
    {
      item: {
        kind: 'payment_failed',
        to: second.email,
        values: {
          ...person(second),
          invoiceNumber: 'INV-0007',
          total: formatMoney(12000, gym.country),
          balance: formatMoney(12000, gym.country),
          dueDate: '',
          summary: `Invoice INV-0007 · Balance due ${formatMoney(12000, gym.country)}`,
          failureReason: 'Your card was declined.',
          nextStep: 'We will try again in 3 days.',
          link: `${APP_URL}/invoices`,
        },
      },
      daysAgo: 1,
      status: 'failed',
      attempts: 3,
      lastError: '550 5.1.1 <mailbox> Recipient address rejected: user unknown',
    },
    {
      item: {
        kind: 'class_booked',
        to: third.email,
        values: {
          ...person(third),
          className: 'Barbell Club',
          when: whenOf(new Date(now.getTime() + DAY)),
          location: 'Main Floor',
          link: `${APP_URL}/schedule`,
        },
      },
      daysAgo: 0,
      status: 'pending',
      attempts: 1,
      lastError: 'Connection timeout',
    },
  );

  const mails = await composeMails(
    db,
    gym.id,
    plans.map((p) => p.item),
    { appUrl: APP_URL },
  );
  await db.insert(t.mailOutbox).values(
    mails.map((mail, i) => {
      const plan = plans[i]!;
      const createdAt = new Date(now.getTime() - plan.daysAgo * DAY - (i + 1) * 7 * MINUTE);
      return {
        gymId: gym.id,
        kind: mail.kind,
        toAddress: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        fromName: mail.fromName ?? null,
        replyTo: mail.replyTo ?? null,
        status: plan.status,
        attempts: plan.attempts,
        lastError: plan.lastError,
        createdAt,
        sentAt: plan.status === 'sent' ? new Date(createdAt.getTime() + (plan.attempts - 1) * 5 * MINUTE + 3_000) : null,
      };
    }),
  );
}
