/**
 * The wrist-size finder inside the size guide (docs/product/sizes.md §13.2): wrist circumference and fit give the
 * bracelet length and the recommended size, with a button that chooses that size on the product page.
 * Loaded with the size guide, never with the page.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  findSize,
  recommendationText,
  type SizeFinderResult,
} from '../../../../domain/catalogue/size-finder';
import { DEFAULT_FIT, FITS, type FitId, type SizeCode, WRIST_CM_LIMITS } from '../../../../domain/config';
import { Link } from '../../lib/router';

export interface SizeFinderProps {
  /** Chooses the size on the product page and closes the guide. */
  readonly onChooseSize: (size: SizeCode) => void;
  /** Closes the guide (before following the bespoke link). */
  readonly onClose: () => void;
}

export function SizeFinder({ onChooseSize, onClose }: SizeFinderProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [wrist, setWrist] = useState('');
  const [fit, setFit] = useState<FitId>(DEFAULT_FIT);
  const [result, setResult] = useState<SizeFinderResult | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = findSize(wrist, fit);
    setResult(next);
    if (!next.ok) inputRef.current?.focus();
  };

  const error = result && !result.ok ? result.error : null;
  const recommendation = result?.ok ? result.recommendation : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 rounded-xl border border-line bg-white p-4">
      <h3 id={`${id}-heading`} className="font-sans text-sm font-semibold">
        Find your size
      </h3>
      <form onSubmit={submit} noValidate className="mt-3 space-y-4">
        <div>
          <label htmlFor={`${id}-wrist`} className="block text-sm font-medium">
            Wrist circumference (cm)
          </label>
          <input
            ref={inputRef}
            id={`${id}-wrist`}
            name="wrist"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={wrist}
            onChange={(e) => setWrist(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-wrist-hint${error ? ` ${id}-wrist-error` : ''}`}
            className="mt-1 block h-11 w-32 rounded-lg border border-line bg-white px-3 tabular-nums aria-invalid:border-wine"
          />
          <p id={`${id}-wrist-hint`} className="mt-1 text-xs text-muted">
            Measured just below the wrist bone, {WRIST_CM_LIMITS[0]} to {WRIST_CM_LIMITS[1]} cm, for example
            16.5.
          </p>
          <p id={`${id}-wrist-error`} className="mt-1 min-h-5 text-sm text-wine">
            {error}
          </p>
        </div>
        <div role="radiogroup" aria-labelledby={`${id}-fit`}>
          <p id={`${id}-fit`} className="text-sm font-medium">
            Fit
          </p>
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
            {FITS.map((f) => (
              <label key={f.id} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="fit"
                  value={f.id}
                  checked={fit === f.id}
                  onChange={() => setFit(f.id)}
                  className="h-6 w-6 accent-wine"
                />
                {f.name} (+{f.addCm} cm)
              </label>
            ))}
          </div>
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-full border border-ink px-5 text-sm font-medium hover:bg-sand"
        >
          Find my size
        </button>
      </form>
      <div role="status" className="mt-3 min-h-6 text-sm" data-testid="size-finder-result">
        {recommendation ? <p className="font-medium">{recommendationText(recommendation)}</p> : null}
        {recommendation?.kind === 'bespoke' ? (
          <p className="mt-1">
            <Link to="/bespoke-corporate" onClick={onClose} className="font-medium text-wine underline">
              Ask for a bespoke bracelet
            </Link>
          </p>
        ) : null}
      </div>
      {recommendation?.kind === 'size' ? (
        <button
          type="button"
          onClick={() => onChooseSize(recommendation.size.code)}
          className="mt-2 min-h-11 rounded-full bg-wine px-5 text-sm font-medium text-cream hover:bg-wine-dark"
        >
          Choose {recommendation.size.name}
        </button>
      ) : null}
    </section>
  );
}
