/**
 * /image-editor: the owner edits the hero image with a plain-English instruction. The page fetches the
 * hero (or takes an uploaded image), sends it to POST /api/admin/hero-image/edit with the admin token
 * (kept in sessionStorage, so it is gone when the tab closes) and shows the result beside the original.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  checkImageDataUrl,
  IMAGE_EDIT_EXAMPLES,
  IMAGE_EDIT_LIMITS,
  IMAGE_EDIT_MIME_TYPES,
  IMAGE_EDIT_PATH,
  imageEditErrorSchema,
  imageEditResponseSchema,
} from '../../../../domain/image-edit';
import { largestImageUrl, SITE_IMAGES } from '../../../../domain/images';
import { toast } from '../../components/ui/toast';
import { trackedFetch } from '../../features/error-tracking/tracked-fetch';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ToolLayout } from './tool-layout';

export const ADMIN_TOKEN_SESSION_KEY = 'solas-admin-token';

const HERO_CHOICES = [
  { id: SITE_IMAGES.hero.id, label: 'Current hero' },
  { id: SITE_IMAGES.heroAlt.id, label: 'Alternative hero' },
] as const;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

interface SourceImage {
  readonly dataUrl: string;
  readonly label: string;
}

interface EditedImage {
  readonly dataUrl: string;
  readonly applied: readonly string[];
  readonly notApplied: readonly string[];
  readonly instruction: string;
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(blob);
  });
}

/** Bytes -> data URL without FileReader, so it works on any Response (and in every test realm). */
async function responseToDataUrl(response: Response): Promise<string> {
  const type = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim();
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return `data:${type};base64,${btoa(binary)}`;
}

function readToken(): string {
  try {
    return window.sessionStorage.getItem(ADMIN_TOKEN_SESSION_KEY) ?? '';
  } catch {
    return '';
  }
}

function storeToken(token: string): void {
  try {
    if (token) window.sessionStorage.setItem(ADMIN_TOKEN_SESSION_KEY, token);
    else window.sessionStorage.removeItem(ADMIN_TOKEN_SESSION_KEY);
  } catch {
    // Session storage disabled: the token then lives only in this page's state.
  }
}

function mimeOf(dataUrl: string): string {
  return /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'image/png';
}

export function ImageEditorPage() {
  const ids = { token: useId(), instruction: useId(), hero: useId(), upload: useId(), tokenError: useId() };
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState('');
  const [heroId, setHeroId] = useState<string>(SITE_IMAGES.hero.id);
  const [source, setSource] = useState<SourceImage | null>(null);
  const [sourceError, setSourceError] = useState('');
  const [instruction, setInstruction] = useState('');
  const [busy, setBusy] = useState(false);
  const [edited, setEdited] = useState<EditedImage | null>(null);
  const [requestError, setRequestError] = useState('');
  const tokenInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setToken(readToken());
  }, []);

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

  const onUpload = async (file: File | undefined) => {
    if (!file) return;
    const dataUrl = await readAsDataUrl(file).catch(() => '');
    const check = checkImageDataUrl(dataUrl);
    if (!check.ok) {
      setSourceError(check.message);
      return;
    }
    setSourceError('');
    setEdited(null);
    setSource({ dataUrl, label: file.name });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRequestError('');
    const trimmed = token.trim();
    if (!trimmed) {
      setTokenError('Enter the admin token to edit images.');
      tokenInput.current?.focus();
      return;
    }
    if (!source) return;
    storeToken(trimmed);
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
      if (response.status === 401) {
        storeToken('');
        setTokenError('The admin token was refused. Check it and enter it again.');
      }
      setRequestError(parsedError.data.error);
      toast.error('Error editing image', { description: parsedError.data.error });
    } catch {
      setRequestError('Failed to edit image');
      toast.error('Error', { description: 'Failed to edit image' });
    } finally {
      setBusy(false);
    }
  };

  const canSubmit = Boolean(source) && instruction.trim().length > 0 && !busy;
  const downloadName = edited ? `solas-${heroId}-edited.${EXTENSIONS[mimeOf(edited.dataUrl)] ?? 'img'}` : '';

  return (
    <ToolLayout
      wide
      title="Image Editor"
      intro={
        <p>
          Describe an edit to the hero image in plain English. Owner only: the server asks for the admin
          token, which this tab keeps until it is closed.
        </p>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-6 lg:grid-cols-[22rem_1fr]" noValidate>
        <div className="space-y-5">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.token} className="text-sm font-medium">
              Admin token
            </label>
            <input
              ref={tokenInput}
              id={ids.token}
              type="password"
              autoComplete="off"
              value={token}
              onChange={(e) => {
                setToken(e.target.value);
                setTokenError('');
              }}
              aria-invalid={tokenError ? true : undefined}
              aria-describedby={tokenError ? ids.tokenError : undefined}
              className="min-h-11 rounded-lg border border-line bg-white px-3 font-mono text-sm"
            />
            {tokenError ? (
              <p id={ids.tokenError} className="text-sm text-danger">
                {tokenError}
              </p>
            ) : null}
            {token ? (
              <button
                type="button"
                className="self-start text-sm underline hover:text-wine"
                onClick={() => {
                  setToken('');
                  storeToken('');
                }}
              >
                Forget token
              </button>
            ) : null}
          </div>

          <div className="flex flex-col gap-1">
            <label htmlFor={ids.hero} className="text-sm font-medium">
              Image
            </label>
            <select
              id={ids.hero}
              value={heroId}
              onChange={(e) => {
                setHeroId(e.target.value);
                setEdited(null);
              }}
              className="min-h-11 rounded-lg border border-line bg-white px-3 text-sm"
            >
              {HERO_CHOICES.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.label}
                </option>
              ))}
            </select>
            <label htmlFor={ids.upload} className="mt-2 text-sm">
              Or upload an image (PNG, JPEG, WebP or AVIF, up to{' '}
              {IMAGE_EDIT_LIMITS.maxImageBytes / 1024 / 1024} MB)
            </label>
            <input
              id={ids.upload}
              type="file"
              accept={IMAGE_EDIT_MIME_TYPES.join(',')}
              onChange={(e) => void onUpload(e.target.files?.[0])}
              className="text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-white file:px-4"
            />
          </div>

          <div className="flex flex-col gap-1">
            <label htmlFor={ids.instruction} className="text-sm font-medium">
              Edit instruction
            </label>
            <textarea
              id={ids.instruction}
              value={instruction}
              maxLength={IMAGE_EDIT_LIMITS.maxInstructionChars}
              onChange={(e) => setInstruction(e.target.value)}
              rows={4}
              placeholder="e.g. Make it brighter and warmer, then crop to square"
              aria-describedby={`${ids.instruction}-count`}
              className="rounded-lg border border-line bg-white px-3 py-2 text-sm"
            />
            <p id={`${ids.instruction}-count`} className="text-xs text-muted">
              {instruction.length} / {IMAGE_EDIT_LIMITS.maxInstructionChars} characters
            </p>
            <p className="mt-2 text-xs text-muted">Try:</p>
            <ul className="flex flex-wrap gap-2">
              {IMAGE_EDIT_EXAMPLES.map((example) => (
                <li key={example}>
                  <button
                    type="button"
                    onClick={() => setInstruction(example)}
                    className="min-h-9 rounded-full border border-line bg-white px-3 text-xs hover:bg-sand"
                  >
                    {example}
                  </button>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-muted">
              The built-in editor understands brighter/darker, more/less contrast, warmer/cooler, more/less
              saturated, black and white, sepia, invert, blur, sharpen, rotate (left, right, 180), flip and
              crop (square, portrait, landscape or a ratio like 16:9), with "slightly", "much" or a
              percentage.
            </p>
          </div>

          <button
            type="submit"
            className={`${BUTTON_PRIMARY} w-full`}
            disabled={!canSubmit}
            aria-describedby="edit-status"
          >
            {busy ? 'Editing…' : 'Edit image'}
          </button>
          <div id="edit-status" aria-live="polite" className="text-sm">
            {busy ? 'Sending the image to the editor…' : ''}
          </div>
          {requestError ? (
            <p role="alert" className="text-sm text-danger">
              {requestError}
            </p>
          ) : null}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <figure className="flex flex-col gap-2">
            <div className="flex aspect-[16/10] items-center justify-center overflow-hidden rounded-2xl border border-line bg-sand">
              {source ? (
                <img src={source.dataUrl} alt="Original" className="h-full w-full object-contain" />
              ) : (
                <p
                  className={`px-4 text-center text-sm ${sourceError ? 'text-danger' : 'text-muted'}`}
                  role={sourceError ? 'alert' : undefined}
                >
                  {sourceError || 'Loading the hero image…'}
                </p>
              )}
            </div>
            <figcaption className="text-sm text-muted">
              Original{source ? ` (${source.label})` : ''}
            </figcaption>
            {source && sourceError ? (
              <p role="alert" className="text-sm text-danger">
                {sourceError}
              </p>
            ) : null}
          </figure>
          <figure className="flex flex-col gap-2">
            <div className="flex aspect-[16/10] items-center justify-center overflow-hidden rounded-2xl border border-line bg-sand">
              {edited ? (
                <img
                  src={edited.dataUrl}
                  alt={`Edited: ${edited.instruction}`}
                  className="h-full w-full object-contain"
                />
              ) : (
                <p className="px-4 text-center text-sm text-muted">The edited image appears here.</p>
              )}
            </div>
            <figcaption className="text-sm text-muted">Edited</figcaption>
            {edited ? (
              <div className="space-y-2 text-sm">
                <p>
                  <span className="font-semibold">Applied:</span> {edited.applied.join(', ')}
                </p>
                {edited.notApplied.length > 0 ? (
                  <p className="text-danger">
                    <span className="font-semibold">Not applied:</span> {edited.notApplied.join('; ')}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <a href={edited.dataUrl} download={downloadName} className={BUTTON_SECONDARY}>
                    Download edited image
                  </a>
                  <button
                    type="button"
                    className={BUTTON_SECONDARY}
                    onClick={() => {
                      setSource({ dataUrl: edited.dataUrl, label: 'previous edit' });
                      setEdited(null);
                    }}
                  >
                    Edit this result further
                  </button>
                </div>
              </div>
            ) : null}
          </figure>
        </div>
      </form>
    </ToolLayout>
  );
}
