/**
 * /checkout-test-plan: the QA checklist for a release, ticked on screen, printable (the shell and these
 * buttons hide in print) and copyable as plain text for a ticket.
 */
import { useState } from 'react';
import { TEST_PLAN, testPlanAsText, testPlanItemId } from './checkout-test-plan';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ToolLayout } from './tool-layout';

const TOTAL = TEST_PLAN.reduce((n, s) => n + s.items.length, 0);

export function CheckoutTestPlanPage() {
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const toggle = (id: string) => {
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(testPlanAsText(checked));
      setMessage({ ok: true, text: 'Checklist copied to clipboard.' });
    } catch {
      setMessage({ ok: false, text: 'Copy to clipboard failed — please use Print instead.' });
    }
  };

  return (
    <ToolLayout
      title="Checkout Test Plan"
      intro={<p>Work through this list before each release, on a desktop browser and on a phone.</p>}
    >
      <div data-print-hide className="mb-8 flex flex-wrap items-center gap-3">
        <button type="button" className={BUTTON_PRIMARY} onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={() => void copy()}>
          Copy checklist
        </button>
        <button
          type="button"
          className={BUTTON_SECONDARY}
          onClick={() => {
            setChecked(new Set());
            setMessage(null);
          }}
          disabled={checked.size === 0}
        >
          Untick all
        </button>
        <p className="text-sm text-muted" aria-live="polite">
          {checked.size} of {TOTAL} checked
        </p>
      </div>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          data-print-hide
          className={`mb-6 text-sm ${message.ok ? 'text-success' : 'text-danger'}`}
        >
          {message.text}
        </p>
      ) : null}
      <div className="space-y-8">
        {TEST_PLAN.map((section) => (
          <fieldset
            key={section.id}
            className="break-inside-avoid-page rounded-2xl border border-line bg-white p-5 print:border-ink/30 print:p-3"
          >
            <legend className="px-2 font-serif text-xl">{section.title}</legend>
            <ul className="mt-2 space-y-3">
              {section.items.map((item, i) => {
                const id = testPlanItemId(section.id, i);
                return (
                  <li key={id} className="flex items-start gap-3">
                    <input
                      id={id}
                      type="checkbox"
                      checked={checked.has(id)}
                      onChange={() => toggle(id)}
                      className="mt-0.5 h-5 w-5 shrink-0 accent-wine"
                    />
                    <label htmlFor={id} className="text-sm leading-relaxed">
                      {item}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
      <p className="mt-8 hidden text-xs print:block">
        Tested by: ____________________ Date: ____________ Build / commit: ____________
      </p>
    </ToolLayout>
  );
}
