import type { Endpoint } from '../endpoint';
import { eventEndpoints } from './events';
import { kioskEndpoints } from './kiosk';
import { reservationEndpoints } from './reservations';

/** Every endpoint of the API by name (decision 017). The server registers exactly these; nothing else is routed under /api. */
export const endpoints = {
  ...eventEndpoints,
  ...reservationEndpoints,
  ...kioskEndpoints,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
