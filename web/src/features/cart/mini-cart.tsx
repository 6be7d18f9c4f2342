/**
 * The mini cart: a right-hand sheet titled 'Your bag', opened from the header and by quick add.
 */
import { useId, useRef, useState } from 'react';
import { sizeByCode } from '../../../../domain/catalogue/sizes';
import { LIMITS } from '../../../../domain/config';
import { productPath } from '../../../../domain/routes';
import { formatEuro } from '../../../../domain/shared/money';
import { ProductPicture } from '../../components/ui/responsive-image';
import { Sheet } from '../../components/ui/sheet';
import { Link } from '../../lib/router';
import { useCart } from './cart-context';
import { FreeShippingProgress } from './free-shipping-progress';
import { LineControls } from './line-controls';
import { LineNotices } from './line-notices';
import { useMiniCart } from './mini-cart-context';

export function MiniCart() {
  const { isOpen, notice, setOpen, close } = useMiniCart();
  const noticeId = useId();
  const { lines, count, subtotal, zone } = useCart();
  const [announcement, setAnnouncement] = useState('');
  const contentsRef = useRef<HTMLDivElement>(null);

  // A removed line takes the focused button with it; keep focus inside the bag instead of losing it.
  const focusContents = () => contentsRef.current?.focus();

  // Closing: the sheet's own focused control (Close, a link) loses focus before React removes the sheet.
  // Removing a focused element makes the browser blur it and recalculate the whole page's style inside
  // the removal, in the middle of the commit (35 ms on a slow phone, bench:inp); blurred first, that style
  // work is done once, with the frame. The removal itself now comes at the end of the sheet's closing
  // animation (Sheet), and focus then returns where it was when the bag opened.
  const onOpenChange = (next: boolean) => {
    if (!next) {
      const focused = document.activeElement;
      if (
        focused instanceof HTMLElement &&
        contentsRef.current?.closest('[role="dialog"]')?.contains(focused)
      ) {
        focused.blur();
      }
    }
    setOpen(next);
  };

  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange} title="Your bag">
      <div ref={contentsRef} tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
        {notice ? (
          // In the bag's flow, not a toast over it: on a phone the bag fills the screen (use-add-to-cart.ts).
          <div
            role="status"
            aria-labelledby={noticeId}
            className="mx-5 mt-4 rounded-lg border border-line bg-white px-4 py-3 text-sm"
          >
            <p id={noticeId} className="font-medium">
              {notice.title}
            </p>
            <p className="text-muted">{notice.description}</p>
          </div>
        ) : null}
        {lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-5 py-12 text-center">
            <p className="text-lg">Your bag is empty</p>
            <Link
              to="/shop"
              onClick={close}
              className="rounded-full bg-wine px-6 py-3 font-medium text-cream hover:bg-wine-dark"
            >
              Shop Collection
            </Link>
          </div>
        ) : (
          <>
            <ul
              className="flex-1 divide-y divide-line px-5"
              aria-label={`Bag, ${count} ${count === 1 ? 'item' : 'items'}`}
            >
              {lines.map((line) => {
                const { product, quantity } = line;
                return (
                  <li key={line.key} className="flex gap-3 py-4">
                    {/* Decorative: the product name beside it is the link and says the same. */}
                    <ProductPicture
                      image={product.images[0]}
                      alt=""
                      sizes="80px"
                      className="h-20 w-20 shrink-0 rounded-lg bg-sand object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      <div className="flex items-start justify-between gap-2">
                        <Link
                          to={productPath(product.id)}
                          onClick={close}
                          className="min-w-0 font-medium wrap-anywhere hover:text-wine hover:underline"
                        >
                          {product.name}
                        </Link>
                        <span className="shrink-0 tabular-nums">{formatEuro(product.price)}</span>
                      </div>
                      <p className="text-sm text-muted">Size: {sizeByCode(line.size).name}</p>
                      <LineNotices line={line} />
                      <div className="mt-2 flex items-center justify-between gap-2">
                        <LineControls
                          line={line}
                          onChange={(message, removed) => {
                            setAnnouncement(message);
                            if (removed) focusContents();
                          }}
                        />
                      </div>
                      {quantity >= LIMITS.maxQuantityPerLine ? (
                        <p className="mt-1 text-xs text-muted">
                          Made by hand: up to {LIMITS.maxQuantityPerLine} per design.
                        </p>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
            <div className="space-y-4 border-t border-line bg-white px-5 py-5">
              <div className="flex items-center justify-between text-lg">
                <span>Subtotal</span>
                <span className="font-semibold tabular-nums">{formatEuro(subtotal)}</span>
              </div>
              <FreeShippingProgress subtotal={subtotal} zone={zone} />
              <div className="grid grid-cols-2 gap-3">
                <Link
                  to="/cart"
                  onClick={close}
                  className="rounded-full border border-wine px-4 py-3 text-center font-medium text-wine hover:bg-sand"
                >
                  View cart
                </Link>
                <Link
                  to="/cart?checkout=1"
                  onClick={close}
                  className="rounded-full bg-wine px-4 py-3 text-center font-medium text-cream hover:bg-wine-dark"
                >
                  Checkout
                </Link>
              </div>
            </div>
          </>
        )}
      </div>
    </Sheet>
  );
}
