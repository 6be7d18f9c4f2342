/**
 * The listing's filters panel: a two-thumb price range (0 to the highest catalogue price, in steps of
 * PRICE_SLIDER_STEP euros; Radix Slider gives arrow keys, Page Up/Down, Home/End), the materials
 * checkboxes and 'Clear All Filters'. While a thumb is dragged the range is a local draft; the URL (and
 * with it the listing) changes when the thumb is released or moved by key, so a drag does not flood the
 * browser history API.
 */
import * as Slider from '@radix-ui/react-slider';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { type CatalogueQuery, PRICE_STEP_CENTS } from '../../../../domain/catalogue/catalogue-query';
import { type Cents, cents, formatEuroShort } from '../../../../domain/shared/money';

export interface FiltersPanelProps {
  readonly id?: string;
  readonly query: CatalogueQuery;
  readonly materials: readonly string[];
  /** The slider's upper end: the catalogue's highest listable price, rounded up to the slider's step. */
  readonly maxPrice: Cents;
  readonly onPriceChange: (min: Cents, max: Cents) => void;
  readonly onMaterialsChange: (materials: string[]) => void;
  readonly onClearAll: () => void;
  readonly className?: string;
}

const THUMB =
  'block h-6 w-6 rounded-full border-2 border-wine bg-cream shadow transition-transform hover:scale-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-wine';

/**
 * Rendered again only when what it shows changes: each letter typed in the search re-rendered the panel
 * (and its Radix slider) in the keystroke's frame (bench:inp). The handlers come from useCallback.
 */
function sameFilters(a: FiltersPanelProps, b: FiltersPanelProps): boolean {
  const am = a.query.materials;
  const bm = b.query.materials;
  return (
    a.id === b.id &&
    a.className === b.className &&
    a.materials === b.materials &&
    a.maxPrice === b.maxPrice &&
    a.onPriceChange === b.onPriceChange &&
    a.onMaterialsChange === b.onMaterialsChange &&
    a.onClearAll === b.onClearAll &&
    a.query.minPrice === b.query.minPrice &&
    a.query.maxPrice === b.query.maxPrice &&
    am.length === bm.length &&
    am.every((m, i) => m === bm[i])
  );
}

export const FiltersPanel = memo(function FiltersPanel({
  id,
  query,
  materials,
  maxPrice,
  onPriceChange,
  onMaterialsChange,
  onClearAll,
  className = '',
}: FiltersPanelProps) {
  const headingId = useId();
  const [draft, setDraft] = useState<readonly [number, number] | null>(null);
  const range: readonly [number, number] = draft ?? [query.minPrice, query.maxPrice];

  const toggleMaterial = (material: string, checked: boolean) => {
    const next = checked ? [...query.materials, material] : query.materials.filter((m) => m !== material);
    onMaterialsChange(next);
  };

  // A material ticked (or unticked) in the page's HTML before this panel hydrated (it hydrates after the
  // page: HydrateLater) stays so on the screen, but React never heard of it: the query follows the boxes.
  const materialsRef = useRef<HTMLFieldSetElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the panel comes alive; every later tick reaches onChange.
  useEffect(() => {
    const boxes = materialsRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [];
    const shown = [...boxes].filter((box) => box.checked).map((box) => box.value);
    const same =
      shown.length === query.materials.length &&
      shown.every((material) => query.materials.includes(material));
    if (!same) onMaterialsChange(shown);
  }, []);

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`rounded-2xl border border-line bg-white p-5 ${className}`}
    >
      <h2 id={headingId} className="font-serif text-xl">
        Filters
      </h2>

      <fieldset className="mt-5">
        <legend className="text-sm font-semibold">Price range</legend>
        <p className="mt-1 text-sm tabular-nums text-muted" aria-hidden="true">
          {formatEuroShort(cents(range[0]))} – {formatEuroShort(cents(range[1]))}
        </p>
        <Slider.Root
          className="relative mt-3 flex h-8 w-full touch-none items-center select-none"
          min={0}
          max={maxPrice}
          step={PRICE_STEP_CENTS}
          minStepsBetweenThumbs={0}
          value={[range[0], range[1]]}
          onValueChange={(value) => {
            const [lo = 0, hi = maxPrice] = value;
            setDraft([lo, hi]);
          }}
          onValueCommit={(value) => {
            const [lo = 0, hi = maxPrice] = value;
            setDraft(null);
            onPriceChange(cents(lo), cents(hi));
          }}
        >
          <Slider.Track className="relative h-1.5 grow rounded-full bg-line">
            <Slider.Range className="absolute h-full rounded-full bg-wine" />
          </Slider.Track>
          {/* Radix gives a thumb its value once mounted in the browser; the server's HTML would have a
              slider without aria-valuenow (invalid HTML), so each thumb states its value itself. */}
          <Slider.Thumb
            className={THUMB}
            aria-label="Minimum price"
            aria-valuenow={range[0]}
            aria-valuetext={formatEuroShort(cents(range[0]))}
          />
          <Slider.Thumb
            className={THUMB}
            aria-label="Maximum price"
            aria-valuenow={range[1]}
            aria-valuetext={formatEuroShort(cents(range[1]))}
          />
        </Slider.Root>
      </fieldset>

      <fieldset ref={materialsRef} className="mt-6">
        <legend className="text-sm font-semibold">Materials</legend>
        <ul className="mt-2 grid grid-cols-2 gap-x-2 gap-y-0.5 lg:grid-cols-1">
          {materials.map((material) => {
            const checked = query.materials.includes(material);
            return (
              <li key={material}>
                <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-1 text-sm hover:bg-sand">
                  <input
                    type="checkbox"
                    value={material}
                    checked={checked}
                    onChange={(e) => toggleMaterial(material, e.target.checked)}
                    className="h-4.5 w-4.5 accent-wine"
                  />
                  {material}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <button
        type="button"
        onClick={() => {
          setDraft(null);
          onClearAll();
        }}
        className="mt-6 h-11 w-full rounded-full border border-ink px-5 text-sm font-medium hover:bg-sand"
      >
        Clear All Filters
      </button>
    </section>
  );
}, sameFilters);
