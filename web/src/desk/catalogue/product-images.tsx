/**
 * A product's photos on its desk page: upload from the phone's photo library (several at once, each with
 * its own progress bar and its own refusal), alt text for each (required before the product can be
 * active), Move earlier / Move later, Remove after a confirmation. Every change answers with the product as
 * the server has it now, which becomes the version the form edits.
 */
import { useContext, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DeskApiError, newSubmissionKey } from '../desk-api';
import { Field, useKeepFocus } from '../ui/desk-fields';
import { SessionEndedContext, useDeskAction } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage } from '../ui/desk-ui';
import {
  type AdminProduct,
  type AdminProductImage,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  productApi,
  thumbnailUrl,
  uploadProductImage,
} from './product-api';

interface Upload {
  readonly key: string;
  readonly name: string;
  readonly loaded: number;
  readonly total: number;
  readonly state: 'uploading' | 'processing' | 'done' | 'error';
  readonly message: string;
}

const ACCEPTED: ReadonlySet<string> = new Set(IMAGE_TYPES);

/** Why the desk does not send a file at all, or null when the server should judge it. */
export function localRefusal(file: File): string | null {
  if (file.size > IMAGE_MAX_BYTES) return `${file.name} is larger than 20 MB.`;
  // An empty type (some phones) is left to the server, which reads the file itself.
  if (file.type && !ACCEPTED.has(file.type)) return `${file.name} is not a JPEG, PNG, WebP or AVIF image.`;
  return null;
}

export function ProductImages({
  product,
  onProduct,
}: {
  readonly product: AdminProduct;
  readonly onProduct: (product: AdminProduct) => void;
}) {
  const id = useId();
  const [uploads, setUploads] = useState<readonly Upload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const focus = useKeepFocus(product.images);
  const sessionEnded = useContext(SessionEndedContext);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const upload = async (files: readonly File[]) => {
    const started = files.map((file) => ({ file, key: newSubmissionKey() }));
    setUploads((list) => [
      ...list.filter((u) => u.state !== 'done'),
      ...started.map(({ file, key }) => {
        const refused = localRefusal(file);
        return {
          key,
          name: file.name,
          loaded: 0,
          total: file.size,
          state: refused ? ('error' as const) : ('uploading' as const),
          message: refused ?? '',
        };
      }),
    ]);
    const sent = started.filter(({ file }) => !localRefusal(file));
    const results = await Promise.all(
      sent.map(({ file, key }) =>
        uploadProductImage(product.id, file, '', key, ({ loaded, total }) =>
          update(key, { loaded, total, state: loaded >= total ? 'processing' : 'uploading' }),
        ).then(
          (answer) => {
            update(key, { state: 'done', loaded: file.size, message: 'Added.' });
            return answer.product;
          },
          (err: unknown) => {
            if (err instanceof DeskApiError && err.status === 401) sessionEnded(err.message);
            update(key, {
              state: 'error',
              message: err instanceof DeskApiError ? err.message : 'The upload failed. Try again.',
            });
            return null;
          },
        ),
      ),
    );
    if (results.some((r) => r !== null)) {
      // Uploads run side by side and may answer out of order: the product as it is after all of them.
      try {
        onProduct(await productApi.get(product.id));
      } catch {
        const last = results.filter((r) => r !== null).at(-1);
        if (last) onProduct(last);
      }
      const added = results.filter((r) => r !== null).length;
      setAnnouncement(added === 1 ? 'One photo added.' : `${added} photos added.`);
    }
  };

  const move = useDeskAction(
    async (submission: string, image: AdminProductImage, to: number, key: string) => {
      const updated = await productApi.updateImage(product.id, image.id, { position: to }, submission);
      focus.focusAfterChange(key);
      onProduct(updated);
      setAnnouncement(`Photo moved to place ${to + 1} of ${updated.images.length}.`);
    },
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="font-serif text-xl">
        Photos
      </h2>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {product.images.length === 0 ? <p className="text-sm text-muted">No photos yet.</p> : null}
      {move.error ? <ErrorMessage>{move.error}</ErrorMessage> : null}
      <ol className="space-y-4">
        {product.images.map((image, index) => (
          <ImageItem
            key={image.id}
            product={product}
            image={image}
            index={index}
            count={product.images.length}
            onProduct={onProduct}
            onMove={(to, key) => void move.run(image, to, key)}
            register={focus.register}
          />
        ))}
      </ol>
      <div>
        <label htmlFor={`${id}-files`} className="text-sm font-medium">
          Add photos
        </label>
        <input
          id={`${id}-files`}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          aria-describedby={`${id}-files-hint`}
          className="mt-1 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-white file:px-4"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length > 0) void upload(files);
          }}
        />
        <p id={`${id}-files-hint`} className="mt-1 text-xs text-muted">
          JPEG, PNG, WebP or AVIF, up to 20 MB each; choose several at once. Each needs its alt text before
          the product can be active. The shop shows each photo whole in a square, with white beside a portrait
          or landscape one.
        </p>
      </div>
      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-3">
          {uploads.map((u) => (
            <li key={u.key} className="text-sm">
              <p className="truncate font-medium">{u.name}</p>
              {u.state === 'uploading' || u.state === 'processing' ? (
                <>
                  <progress
                    aria-label={`Uploading ${u.name}`}
                    max={u.total || 1}
                    value={u.loaded}
                    className="mt-1 h-2 w-full accent-wine"
                  />
                  <p className="text-xs text-muted">
                    {u.state === 'processing'
                      ? 'Sent; the shop is preparing the photo…'
                      : `${Math.round((100 * u.loaded) / (u.total || 1))}% sent`}
                  </p>
                </>
              ) : null}
              {u.state === 'done' ? <p className="text-success">{u.message}</p> : null}
              {u.state === 'error' ? (
                <p role="alert" className="text-danger">
                  {u.message}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ImageItem({
  product,
  image,
  index,
  count,
  onProduct,
  onMove,
  register,
}: {
  readonly product: AdminProduct;
  readonly image: AdminProductImage;
  readonly index: number;
  readonly count: number;
  readonly onProduct: (product: AdminProduct) => void;
  readonly onMove: (to: number, key: string) => void;
  readonly register: (key: string, element: HTMLElement | null) => void;
}) {
  const id = useId();
  const [alt, setAlt] = useState(image.alt);
  const [saved, setSaved] = useState('');
  const [removing, setRemoving] = useState(false);
  const label = `photo ${index + 1}`;
  const thumb = thumbnailUrl(image);

  const saveAlt = useDeskAction(async (submission: string, text: string) => {
    onProduct(await productApi.updateImage(product.id, image.id, { alt: text }, submission));
    setSaved('Alt text saved.');
  });
  const remove = useDeskAction(async (submission: string) => {
    onProduct(await productApi.removeImage(product.id, image.id, submission));
  });
  const [altError, setAltError] = useState<string | undefined>(undefined);

  const moveButton = (to: number, word: 'earlier' | 'later') => {
    const key = `${image.id}-${word}`;
    const edge = to < 0 || to >= count;
    return (
      <button
        type="button"
        ref={(element) => register(key, element)}
        aria-label={`Move ${word} (${label})`}
        aria-disabled={edge ? true : undefined}
        className={`${buttonClass.secondary} px-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
        onClick={() => {
          if (!edge) onMove(to, key);
        }}
      >
        {word === 'earlier' ? 'Move earlier' : 'Move later'}
      </button>
    );
  };

  return (
    <li className="grid gap-3 border-b border-line pb-4 sm:grid-cols-[8rem_1fr]">
      {thumb ? (
        <img
          src={thumb}
          alt={image.alt ? `${label}: ${image.alt}` : label}
          width={128}
          height={128}
          className="size-32 rounded-lg bg-sand object-cover"
        />
      ) : (
        <span className="flex size-32 items-center justify-center rounded-lg bg-sand text-xs text-muted">
          {label}
        </span>
      )}
      <div className="space-y-2">
        <Field
          id={`${id}-alt`}
          label={`Alt text of ${label}`}
          hint="What the photo shows, for shoppers who cannot see it."
          value={alt}
          error={altError ?? saveAlt.error ?? undefined}
          onChange={(e) => {
            setAlt(e.target.value);
            setSaved('');
          }}
        />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={saveAlt.busy}
            onClick={() => {
              const text = alt.trim();
              if (!text) {
                setAltError('Describe the photo before saving.');
                return;
              }
              setAltError(undefined);
              void saveAlt.run(text);
            }}
          >
            {saveAlt.busy ? 'Saving…' : 'Save alt text'}
          </button>
          {moveButton(index - 1, 'earlier')}
          {moveButton(index + 1, 'later')}
          <button
            type="button"
            className={buttonClass.danger}
            disabled={remove.busy}
            onClick={() => setRemoving(true)}
          >
            {remove.busy ? 'Removing…' : 'Remove…'}
          </button>
        </div>
        <p aria-live="polite" className="text-sm text-success">
          {alt === image.alt ? saved : ''}
        </p>
        {remove.error ? <ErrorMessage>{remove.error}</ErrorMessage> : null}
        <ConfirmDialog
          open={removing}
          onOpenChange={setRemoving}
          title={`Remove ${label}?`}
          description="It leaves the product's page. Past orders keep the picture they were sold with."
          confirmLabel="Remove photo"
          cancelLabel="Keep it"
          onConfirm={() => void remove.run()}
        />
      </div>
    </li>
  );
}
