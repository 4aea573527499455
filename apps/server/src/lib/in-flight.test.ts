import { describe, expect, it } from 'vitest';
import { joinRunning } from './in-flight';

describe('joinRunning', () => {
  it('joins work running under the same key, starts other keys, and forgets a key once its work settles', async () => {
    const running = new Map<string, Promise<number>>();
    let starts = 0;
    const start = () => Promise.resolve(++starts);
    const a = joinRunning(running, 'k', start);
    const b = joinRunning(running, 'k', start);
    const c = joinRunning(running, 'other', start);
    expect([a.joined, b.joined, c.joined]).toEqual([false, true, false]);
    expect(b.result).toBe(a.result);
    expect(await Promise.all([a.result, b.result, c.result])).toEqual([1, 1, 2]);
    expect(running.size).toBe(0);
    expect(await joinRunning(running, 'k', start).result).toBe(3);
  });

  it('hands a failure to everyone who joined, and keeps none', async () => {
    const running = new Map<string, Promise<string>>();
    const failing = joinRunning(running, 'k', () => Promise.reject(new Error('down')));
    const joined = joinRunning(running, 'k', () => Promise.resolve('never'));
    await expect(failing.result).rejects.toThrow('down');
    await expect(joined.result).rejects.toThrow('down');
    expect(await joinRunning(running, 'k', () => Promise.resolve('up')).result).toBe('up');
  });
});
