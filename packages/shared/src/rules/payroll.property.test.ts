import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../time';
import { MAX_PRICE_MINOR } from './money-limits';
import {
  appointmentPay,
  assignmentOn,
  classPay,
  commissionPay,
  payForMinutes,
  payrollRows,
  payRateKinds,
  workPay,
  zeroPayTotals,
  addPayLine,
  type AppliedPayRate,
  type PayFacts,
  type PayRateTerms,
  type StaffPayAssignment,
} from './payroll';

// Issue 37 (decision 044), "Quality": the pay of a period is one function of its inputs, with property tests — pay is
// never negative, each line is rounded once to an integer number of minor units, the sum of lines is the total, a
// substitute change moves pay from one person to the other with nothing lost or doubled, and an assignment starting
// after a date never changes that date's pay.

const money = fc.integer({ min: 0, max: MAX_PRICE_MINOR });
/** Valid rate terms, as `payRateInputSchema` admits them (amounts 0–MAX_PRICE_MINOR, a cap not below the flat amount). */
const terms: fc.Arbitrary<PayRateTerms> = fc
  .record({
    kind: fc.constantFrom(...payRateKinds),
    amountMinor: money,
    perAthleteMinor: money,
    athleteThreshold: fc.integer({ min: 0, max: 1000 }),
    cap: fc.option(money, { nil: null }),
    tiers: fc.uniqueArray(fc.record({ fromAthletes: fc.integer({ min: 1, max: 1000 }), amountMinor: money }), {
      maxLength: 9,
      selector: (t) => t.fromAthletes,
    }),
    firstTier: money,
    commissionBasisPoints: fc.integer({ min: 1, max: 10_000 }),
  })
  .map(({ cap, firstTier, tiers, ...t }) => ({
    ...t,
    capMinor: cap === null ? null : Math.max(cap, t.amountMinor),
    tiers: [{ fromAthletes: 0, amountMinor: firstTier }, ...tiers],
  }));
const athletes = fc.integer({ min: 0, max: 2000 });
const minutes = fc.integer({ min: 0, max: 24 * 60 });
const sold = fc.integer({ min: 0, max: 100 * MAX_PRICE_MINOR });

const isMinor = (n: number) => Number.isSafeInteger(n) && n >= 0;

describe('pay rules (issue 37): never negative, in integer minor units', () => {
  it('every kind of pay is a non-negative integer for any valid terms and inputs', () => {
    fc.assert(
      fc.property(terms, athletes, minutes, sold, (rate, checkedIn, mins, soldMinor) => {
        expect(isMinor(classPay(rate, checkedIn, mins))).toBe(true);
        expect(isMinor(appointmentPay(rate, mins))).toBe(true);
        expect(isMinor(workPay(rate, mins))).toBe(true);
        expect(isMinor(commissionPay(rate, soldMinor))).toBe(true);
      }),
    );
  });

  it('pay for time and commission are rounded once, to the nearest minor unit', () => {
    fc.assert(
      fc.property(money, fc.integer({ min: -600, max: 24 * 60 }), (perHour, mins) => {
        const pay = payForMinutes(perHour, mins);
        expect(Number.isInteger(pay)).toBe(true);
        expect(Math.abs(pay - (perHour * Math.max(0, mins)) / 60)).toBeLessThanOrEqual(0.5);
      }),
    );
    fc.assert(
      fc.property(terms, sold, (rate, soldMinor) => {
        const pay = commissionPay({ ...rate, kind: 'commission' }, soldMinor);
        expect(Math.abs(pay - (soldMinor * rate.commissionBasisPoints) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('a per-class rate never pays above its cap nor below its flat amount', () => {
    fc.assert(
      fc.property(terms, athletes, (t, checkedIn) => {
        const rate = { ...t, kind: 'class_flat' as const };
        const pay = classPay(rate, checkedIn, 60);
        expect(pay).toBeGreaterThanOrEqual(rate.amountMinor);
        if (rate.capMinor !== null) expect(pay).toBeLessThanOrEqual(rate.capMinor);
      }),
    );
  });
});

const dates = fc.integer({ min: 0, max: 60 }).map((n) => addDays('2026-01-01', n));

describe('assignmentOn (issue 37): a later assignment never reaches back', () => {
  const assignment = fc.record({ startsOn: dates, payRateId: fc.constantFrom('r1', 'r2', 'r3') });
  it('an assignment starting after a date never changes what is in force on it', () => {
    fc.assert(
      fc.property(
        fc.array(assignment, { maxLength: 8 }),
        dates,
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom('r1', 'r2', 'r3'),
        (list, date, after, rateId) => {
          const later = { startsOn: addDays(date, after), payRateId: rateId };
          expect(assignmentOn([...list, later], date)).toBe(assignmentOn(list, date));
          expect(assignmentOn([later, ...list], date)).toBe(assignmentOn(list, date));
        },
      ),
    );
  });
});

// The report's pure part: a small gym of three staff, two class types, one appointment type, one work category.
const staff = [
  { id: 's1', name: 'Ann', email: 'ann@example.com' },
  { id: 's2', name: 'Ben', email: 'ben@example.com' },
  { id: 's3', name: 'Cat', email: 'cat@example.com' },
];
const staffIds = staff.map((s) => s.id);
const rateIds = ['r1', 'r2', 'r3', 'r4'];
const rateMap = fc
  .tuple(terms, terms, terms, terms)
  .map((ts) => new Map<string, AppliedPayRate>(ts.map((t, i) => [rateIds[i]!, { ...t, id: rateIds[i]!, name: `Rate ${i + 1}` }])));
const target = fc.constantFrom(
  { target: 'class_type' as const, targetId: 'ct1' },
  { target: 'class_type' as const, targetId: 'ct2' },
  { target: 'appointment_type' as const, targetId: 'at1' },
  { target: 'work_category' as const, targetId: 'wc1' },
  { target: 'commission' as const, targetId: null },
);
const assignmentsArb: fc.Arbitrary<StaffPayAssignment[]> = fc.array(
  fc
    .record({ staffId: fc.constantFrom(...staffIds), t: target, startsOn: dates, payRateId: fc.constantFrom(...rateIds) })
    .map(({ t, ...a }) => ({ ...a, ...t })),
  { maxLength: 20 },
);
const classFact = fc.record({
  kind: fc.constant('class' as const),
  date: dates,
  durationMinutes: fc.integer({ min: 15, max: 240 }),
  staffId: fc.constantFrom(...staffIds),
  typeId: fc.constantFrom('ct1', 'ct2'),
  item: fc.constant('Class'),
  checkedIn: fc.integer({ min: 0, max: 40 }),
});
const factsArb: fc.Arbitrary<PayFacts> = fc.record({
  events: fc.array(
    fc.oneof(
      classFact,
      classFact.map((e) => ({ ...e, kind: 'appointment' as const, typeId: 'at1', item: 'Appointment' })),
    ),
    { maxLength: 25 },
  ),
  work: fc.array(
    fc.record({
      staffId: fc.constantFrom(...staffIds),
      date: dates,
      categoryId: fc.constant('wc1'),
      item: fc.constant('Front desk'),
      minutes: minutes,
      note: fc.constant(''),
    }),
    { maxLength: 10 },
  ),
  sales: fc.array(fc.record({ staffId: fc.constantFrom(...staffIds), date: dates, soldMinor: sold }), { maxLength: 10 }),
});

const totalOf = (report: ReturnType<typeof payrollRows>, staffId: string) => report.rows.find((r) => r.staffId === staffId)?.totalMinor ?? 0;

describe('payrollRows (issue 37): the report is one function of its facts and assignments', () => {
  it('the sum of a row’s lines is its total, kind by kind, and the rows sum to the report’s totals', () => {
    fc.assert(
      fc.property(factsArb, rateMap, assignmentsArb, (facts, rates, assignments) => {
        const report = payrollRows(staff, facts, rates, assignments, 'US');
        const all = zeroPayTotals();
        for (const row of report.rows) {
          const own = zeroPayTotals();
          for (const line of row.lines) {
            expect(isMinor(line.amountMinor)).toBe(true);
            addPayLine(own, line);
          }
          const { staffId: _s, name: _n, email: _e, lines: _l, ...totals } = row;
          expect(totals).toEqual(own);
          expect(row.totalMinor).toBe(row.lines.reduce((sum, l) => sum + l.amountMinor, 0));
          for (const key of Object.keys(all) as (keyof typeof all)[]) all[key] += totals[key];
        }
        expect(report.totals).toEqual(all);
        // Every class, appointment and approved hour is a line (sales only with a commission rate).
        const lines = report.rows.flatMap((r) => r.lines);
        expect(lines.filter((l) => l.kind === 'class' || l.kind === 'appointment')).toHaveLength(facts.events.length);
        expect(lines.filter((l) => l.kind === 'work')).toHaveLength(facts.work.length);
      }),
    );
  });

  it('moving a class to a substitute moves its pay from the coach to the substitute, nothing lost or doubled', () => {
    fc.assert(
      fc.property(
        factsArb,
        rateMap,
        assignmentsArb,
        classFact,
        fc.constantFrom(...staffIds),
        fc.constantFrom(...staffIds),
        (facts, rates, assignments, cls, coach, substitute) => {
          fc.pre(coach !== substitute);
          const before = payrollRows(staff, { ...facts, events: [...facts.events, { ...cls, staffId: coach }] }, rates, assignments, 'US');
          const after = payrollRows(staff, { ...facts, events: [...facts.events, { ...cls, staffId: substitute }] }, rates, assignments, 'US');
          const rest = payrollRows(staff, facts, rates, assignments, 'US');
          // The class pays each person what their own rate on its date pays, and only the one who coached it.
          const coachPay = totalOf(before, coach) - totalOf(rest, coach);
          const subPay = totalOf(after, substitute) - totalOf(rest, substitute);
          const rateFor = (staffId: string) => {
            const a = assignmentOn(
              assignments.filter((x) => x.staffId === staffId && x.target === 'class_type' && x.targetId === cls.typeId),
              cls.date,
            );
            return a ? rates.get(a.payRateId) : undefined;
          };
          const expected = (staffId: string) => {
            const rate = rateFor(staffId);
            return rate ? classPay(rate, cls.checkedIn, cls.durationMinutes) : 0;
          };
          expect(coachPay).toBe(expected(coach));
          expect(subPay).toBe(expected(substitute));
          expect(totalOf(after, coach)).toBe(totalOf(rest, coach));
          expect(totalOf(before, substitute)).toBe(totalOf(rest, substitute));
          for (const other of staffIds.filter((s) => s !== coach && s !== substitute)) {
            expect(totalOf(before, other)).toBe(totalOf(rest, other));
            expect(totalOf(after, other)).toBe(totalOf(rest, other));
          }
          expect(before.totals.totalMinor - coachPay).toBe(after.totals.totalMinor - subPay);
          expect(before.totals.classes).toBe(after.totals.classes);
          // With the same rate assigned to both, the amount moves unchanged.
          if (rateFor(coach) === rateFor(substitute)) expect(before.totals.totalMinor).toBe(after.totals.totalMinor);
        },
      ),
    );
  });

  it('an assignment starting after the period never changes its pay', () => {
    fc.assert(
      fc.property(
        factsArb,
        rateMap,
        assignmentsArb,
        fc.constantFrom(...staffIds),
        target,
        fc.constantFrom(...rateIds),
        fc.integer({ min: 1, max: 100 }),
        (facts, rates, assignments, staffId, t, payRateId, after) => {
          const lastDate = [...facts.events, ...facts.work, ...facts.sales].reduce((max, f) => (f.date > max ? f.date : max), '2026-01-01');
          const later: StaffPayAssignment = { staffId, ...t, payRateId, startsOn: addDays(lastDate, after) };
          expect(payrollRows(staff, facts, rates, [...assignments, later], 'US')).toEqual(payrollRows(staff, facts, rates, assignments, 'US'));
        },
      ),
    );
  });
});
