/** The size guide (docs/product.md §4.8: sizes by wrist circumference and the fit allowances), loaded on open. */
import { SIZE_GUIDE } from '../../../../domain/config';
import { Modal } from './modal';

export interface SizeGuideDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

function cm(value: number): string {
  return `${value.toLocaleString('en-IE')} cm`;
}

export function SizeGuideDialog({ open, onOpenChange }: SizeGuideDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Size Guide"
      description="Every bracelet is made to order in our standard Medium. Need Small or Large, or a particular fit? Reply to your order confirmation e-mail with your wrist measurement and we will make it to fit."
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="pb-2 text-left font-semibold">Bracelet sizes by wrist circumference</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Size
            </th>
            <th scope="col" className="py-2 font-semibold">
              Wrist circumference
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
                {size.wristCm[0]}–{cm(size.wristCm[1])}
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
    </Modal>
  );
}
