import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { gymLocationPageSchema, gymLocationSchema, gymRoomSchema, messages, setupMessages } from '@spotter/shared';
import { TEST_NOW, countDriverQueries, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import { databaseDigest } from '../../../test/digest';

fixClock(TEST_NOW);
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let t: TestApp;
let w: KioskGym;
let owner: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  owner = await t.as(w.owner);
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const newLocation = async (name = `Location ${++serial}`, client = owner) => {
  const res = await client.post('/api/locations/', { name });
  expect(res.statusCode, res.body).toBe(201);
  return gymLocationSchema.parse(res.json());
};
const newRoom = async (locationId: string, name: string, client = owner) => {
  const res = await client.post(`/api/locations/${locationId}/rooms/`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return gymRoomSchema.parse(res.json());
};

describe('locations and rooms (issue 16)', () => {
  it('creates a location, adds and renames rooms, and lists each location with all its rooms by name', async () => {
    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(await t.make.staff(gym.gym.id, { permissions: [] }));
    const annex = await newLocation('Annex', client);
    expect(annex).toMatchObject({ name: 'Annex', isArchived: false, inUse: false, rooms: [] });
    const rig = await newRoom(annex.locationId, 'rig', client);
    await newRoom(annex.locationId, 'Platform 1', client);
    const renamed = await client.put(`/api/rooms/${rig.roomId}/`, { name: 'Rig Area' });
    expect(gymRoomSchema.parse(renamed.json())).toMatchObject({ roomId: rig.roomId, locationId: annex.locationId, name: 'Rig Area' });
    const list = gymLocationPageSchema.parse((await client.get('/api/locations/')).json());
    expect(list.results.map((l) => l.name)).toEqual(['Annex', 'Main Floor']);
    expect(list.results[0]!.rooms.map((r) => r.name)).toEqual(['Platform 1', 'Rig Area']);
    expect(gymLocationSchema.parse((await client.put(`/api/locations/${annex.locationId}/`, { name: 'The Annex' })).json()).name).toBe('The Annex');
    expect(gymLocationPageSchema.parse((await client.get('/api/locations/?search=annex')).json()).results.map((l) => l.name)).toEqual(['The Annex']);
  });

  it('keeps names unique (locations in the gym, rooms in their location), archived ones too, and validates them', async () => {
    const loc = await newLocation('North Hall');
    const twin = await owner.post('/api/locations/', { name: 'north hall' });
    expect([twin.statusCode, twin.json().fields]).toEqual([400, { name: [setupMessages.locationNameTaken] }]);
    await newRoom(loc.locationId, 'Bay 1');
    const roomTwin = await owner.post(`/api/locations/${loc.locationId}/rooms/`, { name: 'BAY 1' });
    expect([roomTwin.statusCode, roomTwin.json().fields]).toEqual([400, { name: [setupMessages.roomNameTaken] }]);
    // Another location may have a Bay 1.
    await newRoom((await newLocation()).locationId, 'Bay 1');

    const old = await newLocation('Old Barn');
    await owner.post(`/api/locations/${old.locationId}/archive/`);
    const again = await owner.post('/api/locations/', { name: 'Old Barn' });
    expect([again.statusCode, again.json().message]).toEqual([400, setupMessages.locationNameArchived]);

    for (const [name, message] of [
      ['', messages.nameRequired],
      ['Hall #2', messages.nameInvalid],
    ] as const) {
      expect((await owner.post('/api/locations/', { name })).json().message).toBe(message);
      expect((await owner.post(`/api/locations/${loc.locationId}/rooms/`, { name })).json().message).toBe(message);
    }
  });

  it('archives a location without touching its rooms, refuses new rooms there until restored, and filters by status', async () => {
    const loc = await newLocation('Seasonal Tent');
    const room = await newRoom(loc.locationId, 'Tent Floor');
    const archived = gymLocationSchema.parse((await owner.post(`/api/locations/${loc.locationId}/archive/`)).json());
    expect(archived).toMatchObject({ isArchived: true, archivedAt: TEST_NOW, rooms: [{ roomId: room.roomId, isArchived: false }] });
    expect(gymLocationPageSchema.parse((await owner.get('/api/locations/')).json()).results.map((l) => l.locationId)).not.toContain(loc.locationId);
    expect(gymLocationPageSchema.parse((await owner.get('/api/locations/?status=archived')).json()).results.map((l) => l.locationId)).toContain(loc.locationId);
    const refused = await owner.post(`/api/locations/${loc.locationId}/rooms/`, { name: 'Porch' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, setupMessages.locationArchivedForRoom]);
    await owner.post(`/api/rooms/${room.roomId}/archive/`);
    expect((await owner.post(`/api/rooms/${room.roomId}/restore/`)).statusCode).toBe(409);
    expect(gymLocationSchema.parse((await owner.post(`/api/locations/${loc.locationId}/restore/`)).json()).isArchived).toBe(false);
    expect(gymRoomSchema.parse((await owner.post(`/api/rooms/${room.roomId}/restore/`)).json()).isArchived).toBe(false);
  });

  it('deletes rooms and locations nothing uses; in use is a 409 that changes nothing', async () => {
    const loc = await newLocation('Busy Place');
    const room = await newRoom(loc.locationId, 'Busy Room');
    const spare = await newRoom(loc.locationId, 'Spare Room');
    await t.make.event(w.gym, { locationId: loc.locationId, roomId: room.roomId, daysAhead: -3 });
    const read = gymLocationSchema.parse((await owner.post(`/api/locations/${loc.locationId}/archive/`)).json());
    expect([read.inUse, read.rooms.map((r) => [r.name, r.inUse])]).toEqual([
      true,
      [
        ['Busy Room', true],
        ['Spare Room', false],
      ],
    ]);

    const before = await databaseDigest(t.db, ['sessions']);
    const roomRefused = await owner.delete(`/api/rooms/${room.roomId}/`);
    expect([roomRefused.statusCode, roomRefused.json().message]).toEqual([409, setupMessages.roomInUse]);
    const locationRefused = await owner.delete(`/api/locations/${loc.locationId}/`);
    expect([locationRefused.statusCode, locationRefused.json().message]).toEqual([409, setupMessages.locationInUse]);
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);

    expect((await owner.delete(`/api/rooms/${spare.roomId}/`)).json()).toEqual({ detail: 'Room deleted.' });
    // A location whose only use is a series in one of its rooms is in use too.
    const quiet = await newLocation('Quiet Place');
    const quietRoom = await newRoom(quiet.locationId, 'Quiet Room');
    await t.make.classSeries(w.gym.id, w.classType.id, { roomId: quietRoom.roomId });
    expect((await owner.delete(`/api/locations/${quiet.locationId}/`)).statusCode).toBe(409);

    const empty = await newLocation('Empty Place');
    await newRoom(empty.locationId, 'Empty Room');
    expect((await owner.delete(`/api/locations/${empty.locationId}/`)).json()).toEqual({ detail: 'Location deleted.' });
    expect(gymLocationPageSchema.parse((await owner.get('/api/locations/?search=empty')).json()).count).toBe(0);
  });

  it("keeps another gym's locations and rooms out (404), and lists in the same statements whatever the rooms", async () => {
    const loc = await newLocation('Private Hall');
    const room = await newRoom(loc.locationId, 'Private Room');
    const stranger = await t.as((await t.make.kioskGym({ athletes: 0 })).owner);
    const before = await databaseDigest(t.db, ['sessions']);
    for (const [method, url, message] of [
      ['PUT', `/api/locations/${loc.locationId}/`, setupMessages.locationNotFound],
      ['POST', `/api/locations/${loc.locationId}/archive/`, setupMessages.locationNotFound],
      ['DELETE', `/api/locations/${loc.locationId}/`, setupMessages.locationNotFound],
      ['POST', `/api/locations/${loc.locationId}/rooms/`, setupMessages.locationNotFound],
      ['PUT', `/api/rooms/${room.roomId}/`, setupMessages.roomNotFound],
      ['POST', `/api/rooms/${room.roomId}/restore/`, setupMessages.roomNotFound],
      ['DELETE', `/api/rooms/${room.roomId}/`, setupMessages.roomNotFound],
    ] as const) {
      const res = await stranger.request(method, url, method === 'DELETE' ? undefined : { name: 'Taken Over' });
      expect([res.statusCode, res.json().message], `${method} ${url}`).toEqual([404, message]);
    }
    expect(await databaseDigest(t.db, ['sessions'])).toBe(before);

    const gym = await t.make.kioskGym({ athletes: 0 });
    const client = await t.as(gym.owner);
    const few = await countDriverQueries(t.db, () => client.get('/api/locations/'));
    for (let i = 0; i < 4; i++) {
      const l = await newLocation(`Counted ${i}`, client);
      for (let r = 0; r < 3; r++) await newRoom(l.locationId, `Room ${r}`, client);
    }
    const many = await countDriverQueries(t.db, () => client.get('/api/locations/'));
    expect(gymLocationPageSchema.parse(many.result.json()).results).toHaveLength(5);
    expect(many.count).toBe(few.count);

    const csv = await client.get('/api/locations/export/');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['Location', 'Location status', 'Room', 'Room status']);
    expect(rows).toHaveLength(1 + 12 + 1);
    expect(rows).toContainEqual(['Main Floor', 'Active', '', '']);
  });
});
