import { LIMITS } from '../../../../domain/config';

export interface QuantityStepperProps {
  readonly name: string;
  readonly quantity: number;
  readonly onDecrease: () => void;
  readonly onIncrease: () => void;
}

const buttonClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-full text-lg hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent';

/** Minus / quantity / plus, labelled per product. Minus at 1 removes the line (docs/product/states.md §5.1). */
export function QuantityStepper({ name, quantity, onDecrease, onIncrease }: QuantityStepperProps) {
  const atMax = quantity >= LIMITS.maxQuantityPerLine;
  return (
    <div className="inline-flex items-center rounded-full border border-line bg-white">
      <button
        type="button"
        className={buttonClass}
        aria-label={`Decrease quantity of ${name}`}
        onClick={onDecrease}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="min-w-8 text-center tabular-nums">
        <span className="sr-only">Quantity of {name}: </span>
        {quantity}
      </span>
      <button
        type="button"
        className={buttonClass}
        aria-label={`Increase quantity of ${name}`}
        onClick={onIncrease}
        disabled={atMax}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
