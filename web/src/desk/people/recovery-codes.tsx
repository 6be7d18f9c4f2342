/** Ten recovery codes, shown once: the owner writes them down or prints them. */
export function RecoveryCodes({
  codes,
  onDone,
}: {
  readonly codes: readonly string[];
  readonly onDone: () => void;
}) {
  return (
    <section
      aria-labelledby="recovery-codes"
      className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-5"
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
      <button
        type="button"
        className="mt-4 inline-flex min-h-11 items-center rounded-full bg-wine px-5 text-white focus-visible:outline-2 focus-visible:outline-offset-2"
        onClick={onDone}
      >
        I have kept them
      </button>
    </section>
  );
}
