/** The image to edit: one of the hero images, fetched as a data URL, or a file the owner uploads. */
import { useEffect, useState } from 'react';
import { checkImageDataUrl } from '../../../../../domain/media/image-edit';
import { largestImageUrl, SITE_IMAGES } from '../../../../../domain/media/images';
import { trackedFetch } from '../../../features/error-tracking/tracked-fetch';
import { readAsDataUrl, responseToDataUrl } from './image-data';

export interface SourceImage {
  readonly dataUrl: string;
  readonly label: string;
}

export function useSourceImage() {
  const [heroId, setHeroId] = useState<string>(SITE_IMAGES.hero.id);
  const [source, setSource] = useState<SourceImage | null>(null);
  const [sourceError, setSourceError] = useState('');

  useEffect(() => {
    let cancelled = false;
    const url = largestImageUrl(heroId, 'hero', 'webp');
    setSource(null);
    setSourceError('');
    (async () => {
      try {
        const response = await trackedFetch(url);
        if (!response.ok) throw new Error(`The hero image could not be loaded (HTTP ${response.status}).`);
        const dataUrl = await responseToDataUrl(response);
        if (!cancelled) setSource({ dataUrl, label: url });
      } catch (err) {
        if (!cancelled) setSourceError((err as Error).message || 'The hero image could not be loaded.');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [heroId]);

  /** True when the file became the source; otherwise the reason is in `sourceError`. */
  const upload = async (file: File | undefined): Promise<boolean> => {
    if (!file) return false;
    const dataUrl = await readAsDataUrl(file).catch(() => '');
    const check = checkImageDataUrl(dataUrl);
    if (!check.ok) {
      setSourceError(check.message);
      return false;
    }
    setSourceError('');
    setSource({ dataUrl, label: file.name });
    return true;
  };

  return {
    heroId,
    chooseHero: setHeroId,
    source,
    sourceError,
    upload,
    /** Continues from an edited result. */
    continueFrom: (dataUrl: string) => setSource({ dataUrl, label: 'previous edit' }),
  };
}
