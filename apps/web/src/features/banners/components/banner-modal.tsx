import { useEffect, useState } from 'react';
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
 * Spec 2.10: the first undismissed banner, when it has content. 'Do Not Show Again' dismisses it for good;
 * the close button only hides it until the page is loaded again.
 */
export function BannerModal() {
  const banners = useBanners();
  const closeBanner = useCloseBanner();
  const [hiddenId, setHiddenId] = useState<string | null>(null);
  const first = banners.data?.results[0];

  useEffect(() => {
    if (banners.isError) notifyError({ title: 'Error', message: FETCH_FAILED_MESSAGE });
  }, [banners.isError]);

  const isShown = hasContent(first) && first.bannerId !== hiddenId;
  return (
    <LightDialog opened={isShown} onClose={() => first && setHiddenId(first.bannerId)} title={first?.title} size="lg">
      {first && <RichText html={first.message} />}
      <Group justify="flex-end" mt="lg">
        <Button loading={closeBanner.isPending} onClick={() => first && closeBanner.mutate(first.bannerId)}>
          Do Not Show Again
        </Button>
      </Group>
    </LightDialog>
  );
}
