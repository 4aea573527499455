import { useEffect, useReducer } from 'react';
import { Button, Group } from '@mantine/core';
import { isRichTextEmpty, type Banner } from '@spotter/shared';
import { LightDialog } from '../../../components/light-dialog';
import { RichText } from '../../../components/rich-text';
import { notifyError } from '../../../lib/notify';
import { useBanners } from '../api/get-banners';
import { useCloseBanner } from '../api/close-banner';

export const FETCH_FAILED_MESSAGE = 'Something went wrong while fetching data!';

export function hasContent(banner: Banner | undefined): banner is Banner {
  return Boolean(banner) && (banner!.title.trim() !== '' || !isRichTextEmpty(banner!.message));
}

/**
 * Banners closed with the X during this page load. Kept outside the component: the shell (and so this modal) is
 * mounted again when the layout changes (desktop to phone width, another app's layout), and a closed banner must not
 * come back until the page is loaded again.
 */
const closedThisPageLoad = new Set<string>();

/** For component tests, which share one module between tests. */
export function forgetClosedBanners(): void {
  closedThisPageLoad.clear();
}

/**
 * Spec 2.10: the first undismissed banner, when it has content. 'Do Not Show Again' dismisses it for good;
 * the close button only hides it until the page is loaded again.
 */
export function BannerModal() {
  const banners = useBanners();
  const closeBanner = useCloseBanner();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const first = banners.data?.results[0];

  useEffect(() => {
    if (banners.isError) notifyError({ title: 'Error', message: FETCH_FAILED_MESSAGE });
  }, [banners.isError]);

  const isShown = hasContent(first) && !closedThisPageLoad.has(first.bannerId);
  const hide = () => {
    if (!first) return;
    closedThisPageLoad.add(first.bannerId);
    rerender();
  };
  return (
    <LightDialog opened={isShown} onClose={hide} title={first?.title} size="lg">
      {first && <RichText html={first.message} />}
      <Group justify="flex-end" mt="lg">
        <Button loading={closeBanner.isPending} onClick={() => first && closeBanner.mutate(first.bannerId)}>
          Do Not Show Again
        </Button>
      </Group>
    </LightDialog>
  );
}
