#!/usr/bin/env node
// Issue 35 (CI time): the journeys run as E2E_SHARDS vitest processes side by side (default: 2 where the machine has
// 2 cores or more), each with its own server, data directory, mail catcher and fake Stripe from global-setup.ts, so a
// shard sees exactly what a single run sees: a freshly seeded server whose files run one after another. A journey is
// mostly a relay (test runner, browser, server, one busy at a time), so one run keeps about one core busy.
// Arguments (files, -t filters) run one plain process instead: `npm test -- kiosk.e2e.ts`.
import { spawn } from 'node:child_process';
import os from 'node:os';

const args = process.argv.slice(2);
const cores = os.availableParallelism?.() ?? os.cpus().length;
const shards = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? Math.min(2, cores)));
const base = ['vitest', 'run', '--config', 'vitest.config.ts', ...args];

const run = (index) =>
  new Promise((resolve) => {
    const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
    const child = spawn('npx', [...base, ...shardArgs], { stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (shards > 1) {
      const prefix = `[shard ${index}/${shards}] `;
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(prefix + line + '\n');
        });
        stream.on('end', () => rest && process.stdout.write(prefix + rest + '\n'));
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
const failed = codes.filter((c) => c !== 0).length;
if (shards > 1) process.stdout.write(failed === 0 ? `All ${shards} journey shards passed.\n` : `${failed} of ${shards} journey shards failed.\n`);
process.exit(failed === 0 ? 0 : 1);
