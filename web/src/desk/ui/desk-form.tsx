/**
 * The desk's create-or-edit form card (the discount codes' form, the gift cards' issue form): a titled
 * white card of two columns on a wide screen, its fields, the error under them, the submit and Cancel.
 * One layout, so every such form looks and behaves the same.
 */
import type { FormEvent, HTMLAttributes, ReactNode } from 'react';
import { buttonClass, ErrorMessage, inputClass } from './desk-ui';

export function DeskFormCard({
  title,
  onSubmit,
  error,
  busy,
  submitLabel,
  onCancel,
  children,
}: {
  readonly title: string;
  /** Called on submit (the browser's own submit is prevented). */
  readonly onSubmit: () => void;
  readonly error: string | null | undefined;
  readonly busy: boolean;
  readonly submitLabel: string;
  readonly onCancel: () => void;
  readonly children: ReactNode;
}) {
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      className="mt-6 grid gap-4 rounded-2xl border border-line bg-white p-5 sm:grid-cols-2"
    >
      <h2 className="text-xl sm:col-span-2">{title}</h2>
      {children}
      {error ? (
        <div className="sm:col-span-2">
          <ErrorMessage>{error}</ErrorMessage>
        </div>
      ) : null}
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One labelled text field of a DeskFormCard. */
export function DeskTextField({
  id,
  label,
  value,
  onChange,
  type,
  inputMode,
  required = false,
  readOnly = false,
  className = '',
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type?: 'email' | 'datetime-local';
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly required?: boolean;
  readonly readOnly?: boolean;
  /** Added to the field's own classes (e.g. `uppercase`). */
  readonly className?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        {...(type ? { type } : {})}
        {...(inputMode ? { inputMode } : {})}
        value={value}
        {...(readOnly ? { readOnly } : {})}
        onChange={(e) => onChange(e.target.value)}
        className={className ? `${inputClass} ${className}` : inputClass}
        {...(required ? { required } : {})}
      />
    </div>
  );
}
