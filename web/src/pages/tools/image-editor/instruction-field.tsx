import { useId } from 'react';
import { IMAGE_EDIT_EXAMPLES, IMAGE_EDIT_LIMITS } from '../../../../../domain/media/image-edit';

/** The plain-English edit instruction, with a character count and example instructions to pick. */
export function InstructionField({
  value,
  onChange,
}: {
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Edit instruction
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={IMAGE_EDIT_LIMITS.maxInstructionChars}
        onChange={(e) => onChange(e.target.value)}
        rows={4}
        placeholder="e.g. Make it brighter and warmer, then crop to square"
        aria-describedby={`${id}-count`}
        className="rounded-lg border border-line bg-white px-3 py-2 text-sm"
      />
      <p id={`${id}-count`} className="text-xs text-muted">
        {value.length} / {IMAGE_EDIT_LIMITS.maxInstructionChars} characters
      </p>
      <p className="mt-2 text-xs text-muted">Try:</p>
      <ul className="flex flex-wrap gap-2">
        {IMAGE_EDIT_EXAMPLES.map((example) => (
          <li key={example}>
            <button
              type="button"
              onClick={() => onChange(example)}
              className="min-h-9 rounded-full border border-line bg-white px-3 text-xs hover:bg-sand"
            >
              {example}
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted">
        The built-in editor understands brighter/darker, more/less contrast, warmer/cooler, more/less
        saturated, black and white, sepia, invert, blur, sharpen, rotate (left, right, 180), flip and crop
        (square, portrait, landscape or a ratio like 16:9), with "slightly", "much" or a percentage.
      </p>
    </div>
  );
}
