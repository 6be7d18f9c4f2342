/**
 * Today's labels to print (docs/product/shipping.md §22): one PDF of every label bought today, a label to a
 * page for a label printer, or four to an A4 sheet.
 */
import { SHIPPING_API } from '../../../../domain/shipping/shipping';

export function TodaysLabels() {
  const link = 'inline-flex min-h-11 items-center underline hover:text-wine';
  return (
    <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
      <span className="inline-flex min-h-11 items-center">Print today’s labels:</span>
      <a href={SHIPPING_API.todaysPdf} target="_blank" rel="noopener" className={link}>
        one to a page (A6)
      </a>
      <a href={`${SHIPPING_API.todaysPdf}?layout=a4`} target="_blank" rel="noopener" className={link}>
        four to an A4 sheet
      </a>
    </p>
  );
}
