/**
 * A product's changes as the audit log keeps them: when, who, and each field before and after. A shop
 * whose server keeps no history for products (the route answers 404) shows nothing here.
 */
import { useId } from 'react';
import { formatInstant, money } from '../ui/desk-format';
import { useDeskData } from '../ui/desk-hooks';
import { productApi } from './product-api';
import { FIELD_LABELS, type FieldName } from './product-form-model';
import { PRODUCT_STATUS_LABELS } from './product-ui';

/** The history's field names as the form labels them ("Full description", not `fullDescription`). */
export function historyField(field: string): string {
  if (field === 'images') return 'Photos';
  return Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field as FieldName] : field;
}

/**
 * Who made a change, in the owner's words: the desk's sessions are the owner signed in (the server keeps
 * a session's short hash, which means nothing to a person); `token` is a script with the owner's token.
 */
export function historyActor(actor: string | null | undefined): string | null {
  if (!actor || actor === '?') return null;
  return actor === 'token' ? 'the API token' : 'the owner';
}

/** One photo as the history keeps it (its id and alt text). */
function isKeptImage(value: unknown): value is { readonly alt: string } {
  return typeof value === 'object' && value !== null && typeof (value as { alt?: unknown }).alt === 'string';
}

/** The photos, in order, by their alt text: the owner knows them by what they show, not by their ids. */
function photosValue(images: readonly { readonly alt: string }[]): string {
  if (images.length === 0) return '(none)';
  const count = images.length === 1 ? '1 photo' : `${images.length} photos`;
  const each = images.map((image, i) => `${i + 1} ${image.alt.trim() ? `“${image.alt}”` : '(no alt text)'}`);
  return `${count}: ${each.join(', ')}`;
}

/**
 * A value of the history as the owner reads it: prices in euro, lists joined, photos by their alt text,
 * nothing as "(empty)".
 */
export function historyValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (field === 'price' && typeof value === 'number') return money(value);
  if (field === 'images' && Array.isArray(value) && value.every(isKeptImage)) return photosValue(value);
  if (field === 'status' && typeof value === 'string' && Object.hasOwn(PRODUCT_STATUS_LABELS, value))
    return PRODUCT_STATUS_LABELS[value as keyof typeof PRODUCT_STATUS_LABELS];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.length > 0 ? value.join(', ') : '(none)';
  return JSON.stringify(value);
}

export function ProductHistory({
  productId,
  version,
}: {
  readonly productId: string;
  readonly version: string;
}) {
  const id = useId();
  // Asked again after every change of the product (its updatedAt), so a save shows up here at once.
  const [result] = useDeskData(`history-${productId}-${version}`, () => productApi.history(productId));
  if (result.state !== 'ready' || result.data === null) return null;
  const history = result.data;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="font-serif text-xl">
        History
      </h2>
      {history.length === 0 ? <p className="mt-2 text-sm text-muted">No changes yet.</p> : null}
      <ol className="mt-3 space-y-3 text-sm">
        {history.map((entry) => {
          const by = historyActor(entry.actor);
          return (
            <li
              key={`${entry.at}-${entry.changes.map((c) => c.field).join(',')}`}
              className="border-b border-line pb-3"
            >
              <p className="font-medium">
                {formatInstant(entry.at)}
                {by ? <span className="font-normal text-muted"> · by {by}</span> : null}
              </p>
              <ul className="mt-1 space-y-1">
                {entry.changes.map((c) => (
                  <li key={c.field} className="break-words">
                    <span className="font-medium">{historyField(c.field)}</span>:{' '}
                    {historyValue(c.field, c.before)} → {historyValue(c.field, c.after)}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
