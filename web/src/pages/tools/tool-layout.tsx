import type { ReactNode } from 'react';
import { Link } from '../../lib/router';

/** Frame of every internal tool page: a clear "internal tool" label and a note on what data it shows. */
export function ToolLayout({
  title,
  intro,
  children,
  wide = false,
}: {
  readonly title: string;
  readonly intro: ReactNode;
  readonly children: ReactNode;
  readonly wide?: boolean;
}) {
  return (
    <div className={`mx-auto px-4 py-10 sm:py-14 ${wide ? 'max-w-6xl' : 'max-w-3xl'}`}>
      <p className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">Internal tool</p>
      <h1 className="mt-2 text-3xl sm:text-4xl">{title}</h1>
      <div className="mt-3 max-w-2xl text-muted">{intro}</div>
      <div className="mt-8">{children}</div>
      <nav aria-label="Internal tools" data-print-hide className="mt-12 border-t border-line pt-6 text-sm">
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {TOOL_LINKS.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                markCurrent
                className="underline hover:text-wine aria-[current=page]:font-semibold aria-[current=page]:no-underline"
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

const TOOL_LINKS = [
  { to: '/image-editor', label: 'Image editor' },
  { to: '/diagnostics', label: 'Diagnostics' },
  { to: '/checkout-test-plan', label: 'Checkout test plan' },
  { to: '/checkout-health', label: 'Checkout health' },
  { to: '/error-test', label: 'Error test' },
] as const;

export const BUTTON_PRIMARY =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-wine px-5 text-sm font-medium text-cream hover:bg-wine-dark disabled:cursor-not-allowed disabled:opacity-60';
export const BUTTON_SECONDARY =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-line bg-white px-5 text-sm font-medium text-ink hover:bg-sand disabled:cursor-not-allowed disabled:opacity-60';
