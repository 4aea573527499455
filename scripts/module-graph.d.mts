/** Types of module-graph.mjs for the test that runs it (apps/server/test/module-boundaries.test.ts). */
export type ModuleGraph = {
  modules: string[];
  /** Imports of another module that do not go through its index.ts (file relative to the modules folder). */
  deep: { file: string; spec: string }[];
  /** from -> to -> the files of `from` that import `to` (tests left out). */
  edges: Map<string, Map<string, string[]>>;
  /** Each group of modules that reach each other (a cycle), sorted. */
  sccs: string[][];
  pairs: [string, string][];
  edgeCount: number;
  missingIndex: string[];
};
export function analyse(modulesDir?: string): ModuleGraph;
