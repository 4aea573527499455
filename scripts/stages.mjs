#!/usr/bin/env node
// Runs npm scripts stage by stage, stopping at the first failure, and prints how long each stage took and the total
// (issue 35: CI prints the time of each stage). A stage written `a+b` runs scripts a and b side by side (their
// output is printed as each finishes, not interleaved). Usage: node scripts/stages.mjs lint+typecheck test:unit
import { spawn } from 'node:child_process';

const started = Date.now();
const times = [];
const minutes = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
const summary = () => {
  for (const t of times) console.log(`== stage ${t.name}: ${minutes(t.ms)}${t.failed ? ' (failed)' : ''}`);
  console.log(`== stages total: ${minutes(Date.now() - started)}`);
};

const runScript = (name, buffered) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', name], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => chunks.push(c));
    child.on('exit', (code, signal) => {
      if (buffered) process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? (signal ? 1 : 0));
    });
  });

for (const stage of process.argv.slice(2)) {
  const t0 = Date.now();
  console.log(`== stage ${stage} (at ${new Date(t0).toISOString()})`);
  const scripts = stage.split('+');
  const codes = await Promise.all(scripts.map((s) => runScript(s, scripts.length > 1)));
  const failed = codes.some((c) => c !== 0);
  times.push({ name: stage, ms: Date.now() - t0, failed });
  if (failed) {
    summary();
    process.exit(codes.find((c) => c !== 0));
  }
}
summary();
