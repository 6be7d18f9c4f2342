/**
 * The size guide (docs/product/numbers.md §4.8, docs/product/sizes.md §13): the bracelet lengths of the sizes, the fit allowances, how
 * to measure (with the printable measuring strip) and the wrist-size finder. Loaded on open.
 */
import { SIZE_GUIDE, type SizeCode } from '../../../../domain/config';
import { Modal } from './modal';
import { SizeFinder } from './size-finder';

export interface SizeGuideDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The finder's "Choose Medium": sets the product page's size; the guide then closes. */
  readonly onChooseSize: (size: SizeCode) => void;
}

/** The printable strip (web/public/pages/measuring-strip.html), a static page the server serves as a page, that prints at true scale. */
export const MEASURING_STRIP_PATH = '/measuring-strip';

function cm(value: number): string {
  return `${value.toLocaleString('en-IE')} cm`;
}

export function SizeGuideDialog({ open, onOpenChange, onChooseSize }: SizeGuideDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Size Guide"
      description="Every bracelet is made to order in Small, Medium or Large. Measure your wrist, add the allowance for the fit you like, and choose the size whose length holds the result."
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="pb-2 text-left font-semibold">Bracelet sizes by bracelet length</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Size
            </th>
            <th scope="col" className="py-2 font-semibold">
              Bracelet length
            </th>
          </tr>
        </thead>
        <tbody>
          {SIZE_GUIDE.sizes.map((size) => (
            <tr key={size.name} className="border-b border-line">
              <th scope="row" className="py-2 pr-4 font-medium">
                {size.name}
              </th>
              <td className="py-2 tabular-nums">
                {size.lengthCm[0]}–{cm(size.lengthCm[1])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3 className="mt-6 font-sans text-sm font-semibold">Fit allowance</h3>
      <p className="mt-1 text-sm text-muted">Add this to your wrist measurement for the bracelet length:</p>
      <ul className="mt-2 grid grid-cols-3 gap-2 text-center text-sm">
        {SIZE_GUIDE.fit.map((fit) => (
          <li key={fit.name} className="rounded-xl border border-line bg-white px-2 py-3">
            <span className="block font-medium">{fit.name}</span>
            <span className="block tabular-nums text-muted">+{cm(fit.addCm)}</span>
          </li>
        ))}
      </ul>

      <h3 className="mt-6 font-sans text-sm font-semibold">How to measure</h3>
      <p className="mt-1 text-sm leading-relaxed">
        Wrap a soft tape measure (or a strip of paper, then lay it on a ruler) around your wrist just below
        the wrist bone, snug but not tight. Between two sizes? Choose the larger one.
      </p>
      <p className="mt-2 text-sm">
        No tape measure?{' '}
        <a
          href={MEASURING_STRIP_PATH}
          target="_blank"
          rel="noopener"
          className="font-medium text-wine underline"
        >
          Print our measuring strip
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        .
      </p>

      <SizeFinder
        onChooseSize={(size) => {
          onChooseSize(size);
          onOpenChange(false);
        }}
        onClose={() => onOpenChange(false)}
      />
    </Modal>
  );
}
