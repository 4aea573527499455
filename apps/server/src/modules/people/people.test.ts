import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type TestApp } from '../../../test/helper';
import { gyms } from '../../db/schema';

fixClock(TEST_NOW);
let t: TestApp;
let w: Awaited<ReturnType<typeof makePeople>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await makePeople();
});
afterAll(async () => {
  await t.close();
});

async function makePeople() {
  const gym = await t.make.gym({ title: 'People Barbell', country: 'US', timeZone: 'America/Chicago', isTaxInclusive: false });
  const salesTax = await t.make.taxRate(gym.id, { name: 'Sales Tax' });
  await t.db.update(gyms).set({ classTaxRateId: salesTax.id }).where(eq(gyms.id, gym.id));
  const uk = await t.make.gym({ title: 'People Strength', country: 'GB', timeZone: 'Europe/London', isTaxInclusive: true });
  return {
    gym,
    staff: await t.make.staff(gym.id, { permissions: ['Kiosk', 'AthleteView'], firstName: 'Dana', lastName: 'Whitfield' }),
    owner: await t.make.owner(gym.id, { firstName: 'Marcus', lastName: 'Reyes' }),
    athlete: await t.make.athlete(gym.id, { firstName: 'Alex', lastName: 'Morgan' }),
    otherAthlete: await t.make.athlete(gym.id, { login: false }),
    ukOwner: await t.make.owner(uk.id, { firstName: 'Eleanor', lastName: 'Hughes' }),
    platform: await t.make.platformStaff(),
  };
}

const validStaff = {
  firstName: 'Dana',
  lastName: 'Whitfield',
  phone: '13125550123',
  dob: '1990-04-01',
  gender: 'Female',
  address: { addressLines: ['1 Main St', ''], locality: 'Chicago', region: 'Illinois', zipCode: '60607', country: 'US' },
  emergencyName: 'Pat Whitfield',
  emergencyPhone: '',
  medicalNotes: 'None',
};

describe('staff/self', () => {
  it('reads and updates the own staff account', async () => {
    const c = await t.as(w.staff);
    const me = (await c.get('/api/staff/self')).json();
    expect(me).toMatchObject({ email: w.staff.email, firstName: 'Dana', isOwner: false, fullName: 'Dana Whitfield' });
    const res = await c.put('/api/staff/self/', { ...validStaff, address: { ...validStaff.address, zipCode: '60607' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      phone: '13125550123',
      dob: '1990-04-01',
      address: { addressLines: ['1 Main St'], region: 'Illinois', zipCode: '60607', country: 'US' },
    });
  });

  it("shows the profile's name in the session, and the new one at once after a change even with sessions kept (issue 23)", async () => {
    const kept = await createTestApp({ SESSION_CACHE_MS: '60000' });
    try {
      const gym = await kept.make.gym();
      const owner = await kept.make.owner(gym.id, { firstName: 'Marcus', lastName: 'Reyes' });
      const c = await kept.as(owner);
      expect((await c.get('/api/auth/session/')).json().profile).toEqual({ profileId: owner.profileId, fullName: 'Marcus Reyes' });
      expect((await c.put('/api/staff/self/', { ...validStaff, email: owner.email, firstName: 'Marco' })).statusCode).toBe(200);
      expect((await c.get('/api/auth/session/')).json().profile.fullName).toBe('Marco Whitfield');
      const athlete = await kept.make.athlete(gym.id, { firstName: 'Sam', lastName: 'Rivera' });
      const a = await kept.as({ userId: athlete.userId!, profileId: athlete.profileId });
      expect((await a.get('/api/auth/session/')).json().profile.fullName).toBe('Sam Rivera');
      const platform = await kept.make.platformStaff();
      const p = await kept.as(platform);
      expect((await p.get('/api/auth/session/')).json().profile.fullName).toMatch(/\S+ \S+/);
    } finally {
      await kept.close();
    }
  });

  it('upper-cases postcodes, and checks regions and postcodes against the country', async () => {
    const c = await t.as(w.ukOwner);
    const ok = await c.put('/api/staff/self/', {
      ...validStaff,
      address: { addressLines: [], locality: 'Leeds', region: 'West Yorkshire', zipCode: 'ls1 4ap', country: 'GB' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().address.zipCode).toBe('LS1 4AP');
    const bad = await c.put('/api/staff/self/', {
      ...validStaff,
      address: { addressLines: [], locality: 'Leeds', region: 'Illinois', zipCode: '60607', country: 'GB' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['address.region', 'address.zipCode']);
  });

  it('refuses bad names, phones, future birthdays and email changes with clear messages', async () => {
    const c = await t.as(w.staff);
    const name = await c.put('/api/staff/self/', { ...validStaff, firstName: '' });
    expect(name.json().fields.firstName).toEqual([messages.nameRequired]);
    const phone = await c.put('/api/staff/self/', { ...validStaff, phone: '555-0123' });
    expect(phone.json().fields.phone).toEqual([messages.phoneInvalid]);
    const future = await c.put('/api/staff/self/', { ...validStaff, dob: '2099-01-01' });
    expect(future.json().fields.dob).toEqual(['Date of birth cannot be in the future.']);
    const email = await c.put('/api/staff/self/', { ...validStaff, email: 'other@test.example.com' });
    expect(email.json().fields.email).toEqual(['Change your email with Edit Login.']);
  });

  it('lets only an owner change the coach flag', async () => {
    const staffClient = await t.as(w.staff);
    const current = (await staffClient.get('/api/staff/self')).json();
    const refused = await staffClient.put('/api/staff/self/', { ...validStaff, isCoach: !current.isCoach });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an owner can change the coach flag.');
    expect((await staffClient.put('/api/staff/self/', { ...validStaff, isCoach: current.isCoach })).statusCode).toBe(200);
    const owner = await t.as(w.owner);
    const ownerRes = await owner.put('/api/staff/self/', { ...validStaff, firstName: 'Marcus', lastName: 'Reyes', isCoach: false });
    expect(ownerRes.json().isCoach).toBe(false);
  });
});

describe('kilo-staff/self', () => {
  it('edits the name, never the email', async () => {
    const c = await t.as(w.platform);
    expect((await c.get('/api/kilo-staff/self')).json()).toMatchObject({ email: w.platform.email, isSalesTeam: false });
    const res = await c.put('/api/kilo-staff/self/', { firstName: 'Patricia', lastName: 'Support' });
    expect(res.json().fullName).toBe('Patricia Support');
    const email = await c.put('/api/kilo-staff/self/', { firstName: 'Patricia', lastName: 'Support', email: 'x@test.example.com' });
    expect(email.statusCode).toBe(400);
  });
});

describe('athletes/{id} and gyms/{id}', () => {
  it('lets an athlete read and edit only themself, and staff read their gym’s athletes', async () => {
    const c = await t.as({ userId: w.athlete.userId!, profileId: w.athlete.profileId });
    const own = w.athlete.athleteId;
    expect((await c.get(`/api/athletes/${own}/`)).json()).toMatchObject({ firstName: 'Alex', lastName: 'Morgan' });
    const updated = await c.put(`/api/athletes/${own}/`, { firstName: 'Alexandra', lastName: 'Morgan', phone: '', dob: '1995-02-03', gender: 'Female' });
    expect(updated.json()).toMatchObject({ fullName: 'Alexandra Morgan', dob: '1995-02-03' });
    const other = w.otherAthlete.athleteId;
    expect((await c.get(`/api/athletes/${other}/`)).statusCode).toBe(404);
    const staff = await t.as(w.staff);
    expect((await staff.get(`/api/athletes/${other}/`)).statusCode).toBe(200);
    const uk = await t.as(w.ukOwner);
    expect((await uk.get(`/api/athletes/${other}/`)).statusCode).toBe(404);
  });

  it("answers the caller's gym with its tax settings, and no other gym", async () => {
    const owner = await t.as(w.owner);
    const session = await owner.session();
    expect(session.gym.gymId).toBe(w.gym.id);
    const gym = (await owner.get(`/api/gyms/${session.gym.gymId}/`)).json();
    expect(gym).toMatchObject({
      title: 'People Barbell',
      country: 'US',
      timeZone: 'America/Chicago',
      isTaxInclusive: false,
      eventSettings: { classes: { taxRate: { name: 'Sales Tax' } } },
    });
    const uk = await t.as(w.ukOwner);
    expect((await uk.get(`/api/gyms/${session.gym.gymId}/`)).statusCode).toBe(404);
  });
});
