/**
 * Ten recovery codes, shown once: the owner copies them, saves them as a text file or prints them (the
 * print rule in desk.css prints the codes alone), or writes them down.
 */
import { useState } from 'react';
import { buttonClass } from '../ui/desk-ui';

/** The codes as the text file and the clipboard get them: a line that says what they are, one code a line. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'Solas order desk: recovery codes. Each one signs you in once; keep them away from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function RecoveryCodes({
  codes,
  onDone,
}: {
  readonly codes: readonly string[];
  readonly onDone: () => void;
}) {
  const [said, setSaid] = useState<string | null>(null);
  const text = recoveryCodesText(codes);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('The codes are copied: paste them somewhere safe.');
    } catch {
      setSaid('The codes could not be copied here: save them as a file, print them or write them down.');
    }
  };
  return (
    <section
      aria-labelledby="recovery-codes"
      className="recovery-codes mt-4 rounded-2xl border border-line bg-white p-4 sm:p-5"
    >
      <h2 id="recovery-codes" className="text-xl">
        Your recovery codes
      </h2>
      <p className="mt-1 text-sm text-muted">
        Keep these somewhere safe, away from your phone. Each one signs you in once if you lose your passkeys.
        They are shown only now.
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-sand px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
          Copy the codes
        </button>
        <a
          className={buttonClass.secondary}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="solas-recovery-codes.txt"
        >
          Save as a text file
        </a>
        <button type="button" className={buttonClass.secondary} onClick={() => window.print()}>
          Print the codes
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm print:hidden">
        {said}
      </p>
      <button type="button" className={`${buttonClass.primary} mt-2 print:hidden`} onClick={onDone}>
        I have kept them
      </button>
    </section>
  );
}
