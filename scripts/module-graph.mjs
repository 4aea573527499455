// Issue 33 item 7: the server's module graph. Reads every .ts file under apps/server/src/modules, resolves its
// relative imports (static, `export … from`, dynamic `import()`; type-only imports included: they are dependencies of
// the design), and reports (1) imports of another module that do not go through its index.ts and (2) cycles between
// modules. Exit code 1 when either exists. `--json` prints the graph.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverModules = path.join(root, 'apps/server/src/modules');

function walk(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const importRe = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function moduleOf(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..')) return null;
  return rel.split(path.sep)[0];
}

/** The graph of the modules under `modulesDir` (the server's by default). */
export function analyse(modulesDir = serverModules) {
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const deep = [];
  const edges = new Map(modules.map((m) => [m, new Map()])); // from -> to -> [files]
  for (const file of walk(modulesDir)) {
    const test = /\.test\.tsx?$/.test(file);
    const from = moduleOf(modulesDir, file);
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const match of text.matchAll(importRe)) {
      const spec = match[1] ?? match[2];
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      const to = moduleOf(modulesDir, target);
      if (!to || to === from) continue;
      const inside = path.relative(path.join(modulesDir, to), target);
      if (inside !== '' && inside !== 'index' && inside !== 'index.ts') {
        deep.push({ file: path.relative(modulesDir, file), spec });
      }
      // A test is a leaf (nothing imports it), so it cannot close a cycle of running code: tests count for deep imports only.
      if (test) continue;
      const list = edges.get(from).get(to) ?? [];
      list.push(path.relative(root, file));
      edges.get(from).set(to, list);
    }
  }
  // Strongly connected components (Tarjan): every component of more than one module is a cycle.
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    on = new Set(),
    sccs = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v).keys()) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) sccs.push(c.sort());
    }
  };
  for (const m of modules) if (!idx.has(m)) strong(m);
  // Each two-way pair inside a component, for the report.
  const pairs = [];
  for (const [a, tos] of edges) for (const b of tos.keys()) if (a < b && edges.get(b).has(a)) pairs.push([a, b]);
  const edgeCount = [...edges.values()].reduce((n, m) => n + m.size, 0);
  const missingIndex = modules.filter((m) => !fs.existsSync(path.join(modulesDir, m, 'index.ts')));
  return { modules, deep, edges, sccs, pairs, edgeCount, missingIndex };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { modules, deep, edges, sccs, pairs, edgeCount, missingIndex } = analyse();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(Object.fromEntries([...edges].map(([a, m]) => [a, Object.fromEntries(m)])), null, 1));
  }
  console.log(
    `module graph: ${modules.length} modules, ${edgeCount} module dependencies, ${deep.length} deep imports, ${sccs.length} cycles (strongly connected groups), ${pairs.length} two-way pairs`,
  );
  if (process.argv.includes('-v')) {
    for (const d of deep) console.log(`deep: ${d.file} -> ${d.spec}`);
    for (const c of sccs) console.log(`cycle group: ${c.join(', ')}`);
    for (const [a, b] of pairs) console.log(`two-way: ${a} <-> ${b}  (${edges.get(a).get(b)[0]} / ${edges.get(b).get(a)[0]})`);
  }
  for (const m of missingIndex) console.error(`module without index.ts: ${m}`);
  for (const d of deep) console.error(`deep import of another module (import '../<module>', its index.ts): ${d.file} -> ${d.spec}`);
  for (const c of sccs) {
    const inside = c.flatMap((a) => c.filter((b) => edges.get(a).has(b)).map((b) => `${a} -> ${b} (${[...new Set(edges.get(a).get(b))].join(', ')})`));
    console.error(`cycle between modules ${c.join(', ')}:\n  ${inside.join('\n  ')}`);
  }
  if (deep.length || sccs.length || missingIndex.length) process.exitCode = 1;
}
