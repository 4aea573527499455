import { describe, expect, it } from 'vitest';
import { acceptsGzip, cachedJson } from './cached-json';
import { GymReadCache } from './gym-read-cache';
import { gunzipSync } from 'node:zlib';

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers and proxies send it', () => {
    for (const yes of ['gzip', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8', '*', 'identity, *;q=0.5', ' GZIP ']) expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [undefined, '', 'identity', 'br', 'deflate, br', 'gzip;q=0', 'gzip; q=0', '*;q=0', 'x-gzip-not'])
      expect(acceptsGzip(no), String(no)).toBe(false);
  });
});

describe('cachedJson', () => {
  it('builds the text once per entry and its gzip once, on first use', async () => {
    const cache = new GymReadCache({ ttlMs: 1000 });
    let builds = 0;
    const read = () => cachedJson(cache, 'gym', 'k', async () => ({ n: ++builds, s: 'x'.repeat(2000) }));
    const first = (await read())!;
    const second = (await read())!;
    expect(second).toBe(first);
    expect(JSON.parse(first.text)).toMatchObject({ n: 1 });
    const zipped = await first.gzipped();
    expect(await second.gzipped()).toBe(zipped);
    expect(gunzipSync(zipped).toString()).toBe(first.text);
    expect(await cachedJson(cache, 'gym', 'none', async () => null)).toBeNull();
  });
});
