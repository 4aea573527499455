import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bannerMessages, gymBannerPageSchema, gymBannerSchema, okSchema, type BannerState, type GymBannerInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Issue 22: the gym's own banners at `/gym-settings` (GymMutate). A change refetches them and the banner modal's list. */
export const gymBannerKeys = {
  all: ['gym-banners'] as const,
  list: (state: BannerState | null, page: number) => ['gym-banners', state ?? 'all', page] as const,
};

export const GYM_BANNERS_PAGE_SIZE = 20;

export const useGymBanners = (state: BannerState | null, page: number) =>
  useQuery({
    queryKey: gymBannerKeys.list(state, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callEndpoint(
        'gymBanners',
        { query: { ...(state ? { state } : {}), limit: GYM_BANNERS_PAGE_SIZE, offset: (page - 1) * GYM_BANNERS_PAGE_SIZE }, signal },
        { schema: gymBannerPageSchema },
      ),
  });

/**
 * Create (no bannerId) or edit a banner; field errors are for the form to show, so no toast for them. The banner modal's
 * list is left as it is: a new banner pops up on the next visit, not over the form that wrote it.
 */
export const useSaveGymBanner = () =>
  useApiMutation({
    mutationFn: ({ bannerId, body }: { bannerId: string | null; body: GymBannerInput }) =>
      bannerId
        ? callEndpoint('updateGymBanner', { params: { bannerId }, body }, { schema: gymBannerSchema })
        : callEndpoint('createGymBanner', { body }, { schema: gymBannerSchema }),
    success: bannerMessages.saved,
    invalidates: [gymBannerKeys.all],
  });

export const useEndGymBanner = () =>
  useApiMutation({
    mutationFn: (bannerId: string) => callEndpoint('endGymBanner', { params: { bannerId } }, { schema: okSchema }),
    success: bannerMessages.ended,
    errorTitle: 'Error',
    // An ended banner leaves the modal at once. ['banners'] is get-banners.ts's bannersQueryKey, written out: importing
    // that first-screen module here split it into a chunk of its own on every signed-in first load (bench: bytes).
    invalidates: [gymBannerKeys.all, ['banners']],
  });
