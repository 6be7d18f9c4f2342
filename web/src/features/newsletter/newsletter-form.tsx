/**
 * Newsletter sign-up (docs/product/states.md §5.10 and docs/product/texts.md §3.2): the form, with an invalid address's first message
 * as an alert under the field. What it sends and when is useNewsletterSignup.
 */
import { useId } from 'react';
import {
  NEWSLETTER_MESSAGES,
  type NewsletterSource,
} from '../../../../domain/newsletter/newsletter-messages';
import { loadSubmit, useNewsletterSignup } from './use-newsletter-signup';

export interface NewsletterFormProps {
  readonly source: NewsletterSource;
  /** Rendered as a heading above the form when given. */
  readonly heading?: string;
  readonly headingLevel?: 'h2' | 'h3';
  readonly description?: string;
  readonly label?: string;
  readonly placeholder?: string;
  readonly submitLabel?: string;
  readonly successMessage?: string;
  readonly className?: string;
}

export function NewsletterForm({
  source,
  heading,
  headingLevel: Heading = 'h2',
  description,
  label = 'Email address',
  placeholder = 'you@example.com',
  submitLabel = 'Subscribe',
  successMessage = NEWSLETTER_MESSAGES.success,
  className = '',
}: NewsletterFormProps) {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const headingId = `${id}-heading`;
  const { value, status, error, inputRef, onEdit, onSubmit } = useNewsletterSignup(source);
  const submitting = status.kind === 'submitting';

  return (
    <div className={className}>
      {heading ? (
        <Heading id={headingId} className="font-serif text-3xl">
          {heading}
        </Heading>
      ) : null}
      {description ? <p className="mt-2 text-muted">{description}</p> : null}
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={heading ? headingId : undefined}
        aria-label={heading ? undefined : 'Newsletter sign-up'}
        className="mt-5"
      >
        <label htmlFor={inputId} className="block text-sm font-medium">
          {label}
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            ref={inputRef}
            id={inputId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            placeholder={placeholder}
            value={value}
            aria-invalid={error !== null ? true : undefined}
            aria-describedby={error !== null ? errorId : undefined}
            onFocus={() => void loadSubmit().catch(() => {})}
            onChange={(e) => onEdit(e.target.value)}
            className="h-12 w-full min-w-0 shrink-0 rounded-full sm:flex-1 border border-line bg-white px-5 text-base text-ink placeholder:text-muted aria-[invalid=true]:border-danger"
          />
          <button
            type="submit"
            disabled={submitting}
            className="h-12 shrink-0 rounded-full bg-wine px-7 font-medium text-cream hover:bg-wine-dark disabled:cursor-wait disabled:opacity-80"
          >
            {submitting ? 'Subscribing...' : submitLabel}
          </button>
        </div>
        <div className="mt-3 min-h-6 text-sm">
          {error !== null ? (
            <p id={errorId} role="alert" className="font-medium text-danger">
              {error}
            </p>
          ) : null}
          <p role="status" className="font-medium text-success">
            {status.kind === 'success' ? successMessage : ''}
          </p>
        </div>
      </form>
    </div>
  );
}
