import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DATE_BOUNDS, MAX_REPORT_DAYS, dateOfEpochDay, epochDayOf, type ReportBucket } from '@spotter/shared';
import { bucketStartOf, bucketsOf } from './report-context';

/** The buckets as a reference walks them: one day at a time (by day number), a new bucket where the key changes. */
function referenceBuckets(ctx: { bucket: ReportBucket; firstDayOfWeek: 0 | 1; from: string; to: string }) {
  const out: { key: string; from: string; to: string }[] = [];
  for (let day = epochDayOf(ctx.from); day <= epochDayOf(ctx.to); day++) {
    const date = dateOfEpochDay(day);
    const key = bucketStartOf(ctx, date);
    const last = out.at(-1);
    if (last && last.key === key) last.to = date;
    else out.push({ key, from: date, to: date });
  }
  return out;
}

describe('report buckets (issue 32: loops over days count day numbers)', () => {
  it('cut every range into the same buckets as a day-by-day walk', () => {
    const min = epochDayOf(DATE_BOUNDS.min);
    const max = epochDayOf(DATE_BOUNDS.max);
    fc.assert(
      fc.property(
        fc.integer({ min, max }),
        fc.integer({ min: 0, max: MAX_REPORT_DAYS - 1 }),
        fc.constantFrom<ReportBucket>('day', 'week', 'month'),
        fc.constantFrom<0 | 1>(0, 1),
        (start, length, bucket, firstDayOfWeek) => {
          const ctx = { bucket, firstDayOfWeek, from: dateOfEpochDay(start), to: dateOfEpochDay(Math.min(start + length, max)), country: 'US' as const };
          expect(bucketsOf(ctx).map(({ key, from, to }) => ({ key, from, to }))).toEqual(referenceBuckets(ctx));
        },
      ),
      { numRuns: 300 },
    );
  });

  // The old string loop never ended there and held the event loop: run it in a process of its own, killed when the
  // call (timed from after the module's import, which a busy machine makes slow) takes more than 5 s.
  it('end at the last representable days (9999-12-31, whose next day sorts before it as text) within 5 s', async () => {
    const moduleUrl = new URL('./report-context.ts', import.meta.url).href;
    const script = `const { bucketsOf } = await import(${JSON.stringify(moduleUrl)});
      process.stdout.write('ready\\n');
      const ranges = [['9999-12-31', '9999-12-31'], ['9999-12-26', '9999-12-31']];
      const answers = ranges.flatMap(([from, to]) => ['day', 'week', 'month'].map((bucket) => bucketsOf({ bucket, firstDayOfWeek: 1, from, to, country: 'GB' })));
      process.stdout.write(JSON.stringify(answers) + '\\n');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    });
    let out = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!timer && out.includes('ready\n')) timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    });
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    clearTimeout(timer);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const answers = JSON.parse(out.split('\n')[1]!) as { key: string; from: string; to: string }[][];
    expect(answers[0]).toEqual([{ key: '9999-12-31', label: '31 Dec', from: '9999-12-31', to: '9999-12-31' }]);
    expect(answers.map((buckets) => buckets.at(-1)?.to)).toEqual(Array(6).fill('9999-12-31'));
    expect(answers.map((buckets) => buckets.length)).toEqual([1, 1, 1, 6, 2, 1]);
  }, 90_000);
});
