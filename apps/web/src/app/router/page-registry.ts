import type { ComponentType } from 'react';
import type { RouteSetName } from '@spotter/shared';

/** Lazy page components by route set and route path (the paths of packages/shared navigation.ts). */
export type PageRegistry = Partial<Record<RouteSetName, Record<string, ComponentType>>>;
