import type { ImportMapping } from '@spotter/shared';

/** An import's reads: its progress, and what a mapping makes of its rows (decision 031). */
export const athleteImportKeys = {
  all: ['athlete-import'] as const,
  one: (importId: string) => ['athlete-import', importId] as const,
  preview: (importId: string, mapping: ImportMapping) => ['athlete-import', importId, 'preview', mapping] as const,
};

/**
 * The athletes list's reads, refreshed once an import has made athletes. The list feature keeps its keys under
 * ['athletes'] (issue 17); a prefix invalidates them all without importing that feature.
 */
export const athleteListPrefix = ['athletes'] as const;
