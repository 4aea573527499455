import { ATHLETES_PAGE_SIZE, athleteSortKeys, membershipStates, type AthleteSortKey, type MembershipState } from '@spotter/shared';

/** What the athletes list shows: the search, the filters and the sort (kept in the address, so Back returns to them). */
export type AthleteFilters = {
  search: string;
  membershipState: MembershipState | null;
  pastDue: boolean;
  unsignedDocument: boolean;
  tagId: string | null;
  lastVisitOlderThanDays: number | null;
  archived: boolean;
  sort: AthleteSortKey;
  order: 'asc' | 'desc';
};

export const defaultFilters: AthleteFilters = {
  search: '',
  membershipState: null,
  pastDue: false,
  unsignedDocument: false,
  tagId: null,
  lastVisitOlderThanDays: null,
  archived: false,
  sort: 'name',
  order: 'asc',
};

/** The choices of the last-visit filter, in days. */
export const lastVisitChoices = [7, 14, 30, 60, 90, 180] as const;

const isMembershipState = (v: string | null): v is MembershipState => membershipStates.includes(v as MembershipState);
const isSortKey = (v: string | null): v is AthleteSortKey => athleteSortKeys.includes(v as AthleteSortKey);

/** The filters an address's query string holds (anything unknown reads as its default). */
export function filtersFromParams(params: URLSearchParams): AthleteFilters & { page: number } {
  const days = Number(params.get('lastVisit'));
  const page = Number(params.get('page'));
  const membership = params.get('membership');
  const sort = params.get('sort');
  return {
    search: params.get('search') ?? '',
    membershipState: isMembershipState(membership) ? membership : null,
    pastDue: params.get('pastDue') === '1',
    unsignedDocument: params.get('unsigned') === '1',
    tagId: params.get('tag') || null,
    lastVisitOlderThanDays: Number.isInteger(days) && days > 0 ? days : null,
    archived: params.get('archived') === '1',
    sort: isSortKey(sort) ? sort : 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address's query string of some filters and a page (defaults left out). */
export function paramsOf(f: AthleteFilters, page: number): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search) p.set('search', f.search);
  if (f.membershipState) p.set('membership', f.membershipState);
  if (f.pastDue) p.set('pastDue', '1');
  if (f.unsignedDocument) p.set('unsigned', '1');
  if (f.tagId) p.set('tag', f.tagId);
  if (f.lastVisitOlderThanDays) p.set('lastVisit', String(f.lastVisitOlderThanDays));
  if (f.archived) p.set('archived', '1');
  if (f.sort !== 'name') p.set('sort', f.sort);
  if (f.order !== 'asc') p.set('order', f.order);
  if (page > 1) p.set('page', String(page));
  return p;
}

/** The API's query of the filters (GET /api/athletes/ and its CSV). */
export function filterQuery(f: AthleteFilters) {
  return {
    ...(f.search ? { search: f.search } : {}),
    ...(f.membershipState ? { membershipState: f.membershipState } : {}),
    ...(f.pastDue ? { pastDue: true } : {}),
    ...(f.unsignedDocument ? { unsignedDocument: true } : {}),
    ...(f.tagId ? { tagId: f.tagId } : {}),
    ...(f.lastVisitOlderThanDays ? { lastVisitOlderThanDays: f.lastVisitOlderThanDays } : {}),
    ...(f.archived ? { archived: true } : {}),
    sort: f.sort,
    order: f.order,
  };
}

/** One page's query: the filters with `?limit=&offset=`. */
export function listQuery(f: AthleteFilters, page: number, limit = ATHLETES_PAGE_SIZE) {
  return { ...filterQuery(f), limit, offset: (page - 1) * limit };
}

/** Whether anything narrows the list (an empty list then says 'No results found', not "no athletes yet"). */
export const isFiltered = (f: AthleteFilters) =>
  f.search !== '' || f.membershipState !== null || f.pastDue || f.unsignedDocument || f.tagId !== null || f.lastVisitOlderThanDays !== null || f.archived;
