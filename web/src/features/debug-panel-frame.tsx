import { type ReactNode, useId, useState } from 'react';

/**
 * The card both hidden panels (?flags=1, ?debug=1) share: a titled region that can be collapsed to its
 * header (they float over the page, which matters on a phone) and closed (drops the query parameter).
 */
export function DebugPanelFrame({
  title,
  summary,
  onClose,
  children,
}: {
  readonly title: string;
  readonly summary?: ReactNode;
  readonly onClose: () => void;
  readonly children: ReactNode;
}) {
  const [expanded, setExpanded] = useState(true);
  const titleId = useId();
  const bodyId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="pointer-events-auto flex max-h-[70vh] min-h-0 shrink flex-col overflow-hidden rounded-2xl border border-line bg-white text-ink shadow-xl"
    >
      <div className="flex items-center gap-2 border-b border-line bg-sand px-4 py-2">
        <h2 id={titleId} className="font-serif text-lg">
          {title}
        </h2>
        {summary ? <span className="text-xs text-muted">{summary}</span> : null}
        <span className="ml-auto flex items-center gap-1">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded((v) => !v)}
            className="inline-flex min-h-11 items-center rounded-full px-3 text-sm hover:bg-cream"
          >
            {expanded ? 'Minimise' : 'Expand'}
            <span className="sr-only"> {title}</span>
          </button>
          <button
            type="button"
            onClick={onClose}
            aria-label={`Close ${title}`}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-cream"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </span>
      </div>
      <div id={bodyId} hidden={!expanded} className="overflow-y-auto">
        {children}
      </div>
    </section>
  );
}
