import { useId } from 'react';
import { IMAGE_EDIT_LIMITS, IMAGE_EDIT_MIME_TYPES } from '../../../../../domain/media/image-edit';
import { SITE_IMAGES } from '../../../../../domain/media/images';

const HERO_CHOICES = [
  { id: SITE_IMAGES.hero.id, label: 'Current hero' },
  { id: SITE_IMAGES.heroAlt.id, label: 'Alternative hero' },
] as const;

/** Which hero image to start from, or an uploaded file instead. */
export function ImageChoiceField({
  heroId,
  onHeroChange,
  onUpload,
}: {
  readonly heroId: string;
  readonly onHeroChange: (heroId: string) => void;
  readonly onUpload: (file: File | undefined) => void;
}) {
  const heroSelectId = useId();
  const uploadId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={heroSelectId} className="text-sm font-medium">
        Image
      </label>
      <select
        id={heroSelectId}
        value={heroId}
        onChange={(e) => onHeroChange(e.target.value)}
        className="min-h-11 rounded-lg border border-line bg-white px-3 text-sm"
      >
        {HERO_CHOICES.map((h) => (
          <option key={h.id} value={h.id}>
            {h.label}
          </option>
        ))}
      </select>
      <label htmlFor={uploadId} className="mt-2 text-sm">
        Or upload an image (PNG, JPEG, WebP or AVIF, up to {IMAGE_EDIT_LIMITS.maxImageBytes / 1024 / 1024} MB)
      </label>
      <input
        id={uploadId}
        type="file"
        accept={IMAGE_EDIT_MIME_TYPES.join(',')}
        onChange={(e) => onUpload(e.target.files?.[0])}
        className="text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-white file:px-4"
      />
    </div>
  );
}
