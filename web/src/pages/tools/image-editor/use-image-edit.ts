/**
 * Sends the image and instruction to POST /api/admin/hero-image/edit with the admin token and keeps the
 * edited result, or the error to show (a toast as well as the inline alert).
 */
import { useState } from 'react';
import {
  checkImageDataUrl,
  IMAGE_EDIT_PATH,
  imageEditErrorSchema,
  imageEditResponseSchema,
} from '../../../../../domain/media/image-edit';
import { toast } from '../../../components/ui/toast';
import { trackedFetch } from '../../../features/error-tracking/tracked-fetch';
import type { AdminToken } from './use-admin-token';
import type { SourceImage } from './use-source-image';

export interface EditedImage {
  readonly dataUrl: string;
  readonly applied: readonly string[];
  readonly notApplied: readonly string[];
  readonly instruction: string;
}

export function useImageEdit(token: AdminToken) {
  const [busy, setBusy] = useState(false);
  const [edited, setEdited] = useState<EditedImage | null>(null);
  const [requestError, setRequestError] = useState('');

  const submit = async (source: SourceImage | null, instruction: string): Promise<void> => {
    setRequestError('');
    const trimmed = token.value.trim();
    if (!trimmed) {
      token.ask('Enter the admin token to edit images.');
      return;
    }
    if (!source) return;
    token.remember(trimmed);
    setBusy(true);
    try {
      const response = await trackedFetch(IMAGE_EDIT_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${trimmed}` },
        body: JSON.stringify({ imageUrl: source.dataUrl, editInstruction: instruction.trim() }),
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const parsed = imageEditResponseSchema.safeParse(body);
        if (!parsed.success || !checkImageDataUrl(parsed.data.editedImageUrl).ok)
          throw new Error('Malformed reply');
        setEdited({
          dataUrl: parsed.data.editedImageUrl,
          applied: parsed.data.applied,
          notApplied: parsed.data.notApplied,
          instruction: instruction.trim(),
        });
        toast.success('Image edited successfully!', {
          description: `Applied: ${parsed.data.applied.join(', ')}`,
        });
        return;
      }
      const parsedError = imageEditErrorSchema.safeParse(body);
      if (!parsedError.success) throw new Error(`HTTP ${response.status}`);
      if (response.status === 401) token.refuse('The admin token was refused. Check it and enter it again.');
      setRequestError(parsedError.data.error);
      toast.error('Error editing image', { description: parsedError.data.error });
    } catch {
      setRequestError('Failed to edit image');
      toast.error('Error', { description: 'Failed to edit image' });
    } finally {
      setBusy(false);
    }
  };

  return { busy, edited, requestError, submit, clearEdited: () => setEdited(null) };
}
