import { asc, eq, and, inArray } from 'drizzle-orm';
import { addDays, weekStartOf } from '@spotter/shared';
import { classTypes, workouts } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import type { SeededRandom } from '../../db/seed/random';
import { sanitizeRichText } from '../../lib/rich-text';

/** Demo programming: a week of workouts per class type, written as a coach would in the editor. */
type Plan = { title: string; content: string };

const p = (text: string) => `<p>${text}</p>`;
const list = (items: string[]) => `<ul>${items.map((item) => `<li><p>${item}</p></li>`).join('')}</ul>`;
const heading = (text: string) => `<h3>${text}</h3>`;

const CROSSFIT: Plan[] = [
  {
    title: 'Fran',
    content:
      heading('Warm-up') +
      list(['3 rounds: 10 air squats, 10 ring rows, 200 m row', 'Thruster technique with a PVC pipe']) +
      heading('WOD') +
      p('<strong>21-15-9</strong> for time:') +
      list(['Thrusters (95/65 lb)', 'Pull-ups']) +
      p('<em>Time cap 10 minutes.</em> Scale the pull-ups to jumping or banded.'),
  },
  {
    title: 'Cindy',
    content:
      heading('Warm-up') +
      list(['Jump rope 2 minutes', '2 rounds: 5 push-ups, 10 squats, 5 scap pull-ups']) +
      heading('WOD') +
      p('<strong>20-minute AMRAP</strong>:') +
      list(['5 pull-ups', '10 push-ups', '15 air squats']) +
      p('Aim for a steady pace you can hold: score is rounds plus reps.'),
  },
  {
    title: 'Engine builder',
    content:
      heading('WOD') +
      p('<strong>EMOM 24</strong>, four stations:') +
      list(['Minute 1: 15/12 cal row', 'Minute 2: 12 kettlebell swings (53/35 lb)', 'Minute 3: 10 burpees over the bar', 'Minute 4: rest']) +
      p('Keep every station under 45 seconds.'),
  },
  {
    title: 'Partner chipper',
    content:
      heading('WOD') +
      p('In pairs, <strong>for time</strong>, split the reps as you like:') +
      list(['100 wall balls (20/14 lb)', '80 box jumps (24/20 in)', '60 toes-to-bar', '40 power cleans (135/95 lb)', '1,000 m row']) +
      p('<em>Time cap 30 minutes.</em>'),
  },
  {
    title: 'Helen',
    content:
      heading('WOD') +
      p('<strong>3 rounds</strong> for time:') +
      list(['400 m run', '21 kettlebell swings (53/35 lb)', '12 pull-ups']) +
      p('Strength before: back squat 5×5 at 75%.'),
  },
  {
    title: 'Deadlift and sprint',
    content:
      heading('Strength') +
      p('Deadlift: 5-5-3-3-1-1, building to a heavy single.') +
      heading('Metcon') +
      p('<strong>4 rounds</strong>, 1 minute rest between:') +
      list(['200 m run', '10 deadlifts (60% of today’s single)', '10 bar-facing burpees']),
  },
  {
    title: 'Team WOD',
    content:
      heading('WOD') +
      p('Teams of three, <strong>40-minute AMRAP</strong>, one works at a time:') +
      list(['30 cal assault bike', '30 dumbbell snatches (50/35 lb)', '30 wall balls']) +
      p('Bring a friend: guests train free at team WODs.'),
  },
];

const OLYMPIC: Plan[] = [
  {
    title: 'Snatch complex',
    content:
      heading('Warm-up') +
      list(['Snatch balance 3×3 with an empty bar', 'Overhead squat 3×5']) +
      heading('Strength') +
      p('Power snatch + hang snatch + snatch: build to a heavy complex in 20 minutes.') +
      p('Then snatch pulls 4×3 at 100% of the complex.'),
  },
  {
    title: 'Clean and jerk',
    content:
      heading('Strength') + p('Clean and jerk: <strong>E2MOM 8 × 1</strong> at 80–85%.') + list(['Front squat 4×3 at 80%', 'Jerk dips 3×5, pause in the dip']),
  },
  {
    title: 'Positions day',
    content:
      heading('Technique') +
      list(['Hang power clean from above the knee, 5×2', 'Tall snatch, 4×3', 'Push jerk behind the neck, 4×3']) +
      p('<em>Video your second set and compare the bar path.</em>'),
  },
  {
    title: 'Heavy singles',
    content:
      heading('Strength') +
      p('Snatch: work to a heavy single, then <strong>3 × 1 at 90%</strong>.') +
      p('Clean and jerk: work to a heavy single, then 3 × 1 at 90%.') +
      list(['Back squat 3×2 at 85%']),
  },
];

const STRENGTH: Plan[] = [
  {
    title: 'Squat day',
    content:
      heading('Main lift') +
      p('Back squat <strong>5/3/1 week 2</strong>: 3 reps at 70%, 80%, 90%+ (as many as possible on the last set).') +
      heading('Accessories') +
      list(['Bulgarian split squat 3×8 each leg', 'Romanian deadlift 3×10', 'Plank 3×45 s']),
  },
  {
    title: 'Bench day',
    content:
      heading('Main lift') +
      p('Bench press: 4×6 at RPE 8, 2 minutes rest.') +
      heading('Accessories') +
      list(['Pendlay row 4×8', 'Dips 3×AMRAP', 'Face pulls 3×15']),
  },
  {
    title: 'Pull day',
    content:
      heading('Main lift') +
      p('Deadlift: <strong>work up to a top set of 3</strong>, then 2×5 at 85% of it.') +
      heading('Accessories') +
      list(['Chin-ups 4×6', 'Barbell hip thrust 3×10', 'Farmer carry 4×40 m']),
  },
  {
    title: 'Press day',
    content:
      heading('Main lift') +
      p('Strict press 5×5, add 5 lb from last week.') +
      heading('Accessories') +
      list(['Incline dumbbell press 3×10', 'Chest-supported row 3×12', 'Hanging knee raise 3×12']),
  },
];

const MOBILITY: Plan[] = [
  {
    title: 'Hips and hamstrings',
    content:
      heading('Flow') +
      list(['Cat-cow, 10 slow breaths', '90/90 hip switches, 2×10', 'Couch stretch, 2 minutes each side', 'Pigeon pose, 90 seconds each side']) +
      p('Finish with 5 minutes of box breathing.'),
  },
  {
    title: 'Shoulders and upper back',
    content:
      heading('Flow') +
      list(['Thread the needle, 8 each side', 'Wall slides, 2×12', 'Banded pass-throughs, 2×15', 'Child’s pose with side reach, 1 minute each side']),
  },
  {
    title: 'Recovery yoga',
    content:
      heading('Practice') +
      p('45 minutes of slow vinyasa: sun salutations A and B, low lunges, seated forward folds.') +
      p('<em>Bring a mat; blocks and straps are at the front desk.</em>'),
  },
];

const OPEN_GYM: Plan[] = [
  {
    title: 'Open gym',
    content:
      p('Work your own programme. A coach is on the floor for questions.') +
      list(['Racks 1–4: strength', 'Platforms: Olympic lifting', 'Rower and bikes: conditioning']) +
      p('Please put your plates back.'),
  },
  {
    title: 'Open gym: skill work',
    content: p('Suggested today: <strong>handstand practice</strong>, 10 minutes of wall walks and kick-ups, then double-unders, 10 × 30 seconds.'),
  },
];

function plansFor(name: string): Plan[] {
  if (/yoga|mobility|stretch/i.test(name)) return MOBILITY;
  if (/olympic|weightlifting/i.test(name)) return OLYMPIC;
  if (/barbell|strength|powerlift/i.test(name)) return STRENGTH;
  if (/open gym/i.test(name)) return OPEN_GYM;
  return CROSSFIT;
}

/**
 * Demo data: this week's workout (Monday to Sunday of `today`'s week) for each of the gym's class types, chosen by the
 * type's name (CrossFit, Olympic lifting, strength, mobility, open gym). A day that already has one keeps it.
 */
export async function seedProgramming(db: DbOrTx, rng: SeededRandom, gymId: string, classTypeIds: readonly string[], today: string): Promise<number> {
  if (classTypeIds.length === 0) return 0;
  const types = await db
    .select({ id: classTypes.id, name: classTypes.name })
    .from(classTypes)
    .where(and(eq(classTypes.gymId, gymId), inArray(classTypes.id, [...classTypeIds])))
    .orderBy(asc(classTypes.id));
  const byId = new Map(types.map((t) => [t.id, t.name]));
  const monday = weekStartOf(today);
  const rows = classTypeIds
    .filter((id) => byId.has(id))
    .flatMap((classTypeId) => {
      const plans = rng.shuffle(plansFor(byId.get(classTypeId)!));
      return Array.from({ length: 7 }, (_, day) => {
        const plan = plans[day % plans.length]!;
        return { gymId, classTypeId, date: addDays(monday, day), title: plan.title, content: sanitizeRichText(plan.content), updatedAt: new Date() };
      });
    });
  if (rows.length === 0) return 0;
  const inserted = await db.insert(workouts).values(rows).onConflictDoNothing().returning({ id: workouts.id });
  return inserted.length;
}
