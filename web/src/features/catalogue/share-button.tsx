/**
 * Share: the Web Share API where the browser has it (phones), otherwise the page's path-form URL
 * (`/product/{id}`, which the server answers with real meta tags) is copied to the clipboard.
 */

import { BRAND } from '../../../../domain/config';
import { ShareIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';

export interface ShareButtonProps {
  readonly title: string;
  readonly text: string;
  /** Site-relative path, e.g. '/product/3'. */
  readonly path: string;
  readonly className?: string;
}

async function copy(url: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast.success('Link copied to clipboard!');
  } catch {
    toast.error("Couldn't copy the link", { description: url });
  }
}

export async function shareOrCopy(title: string, text: string, path: string): Promise<void> {
  const url = `${window.location.origin}${path}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `${title} | ${BRAND.name}`, text, url });
      return;
    } catch (error) {
      // The shopper closed the share sheet: nothing to do. Any other failure falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copy(url);
}

export function ShareButton({ title, text, path, className = '' }: ShareButtonProps) {
  return (
    <button
      type="button"
      onClick={() => void shareOrCopy(title, text, path)}
      className={`inline-flex h-12 items-center justify-center gap-2 rounded-full border border-line bg-white px-5 font-medium hover:border-wine ${className}`}
    >
      <ShareIcon className="h-5 w-5" />
      Share
    </button>
  );
}
