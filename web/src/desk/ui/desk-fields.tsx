/**
 * The desk's form fields (a label, a note after it, a hint and the field's own message under it, tied to
 * the control for assistive technology) and the focus kept through a reorder.
 */
import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import { inputClass } from './desk-ui';

/**
 * Keeps the keyboard's place when a list reorders: `focusAfterChange(key)` before the change, and once
 * `trigger` changes (the list as it is now) the element registered under that key takes the focus again
 * (a moved row's DOM node loses it in some browsers).
 */
export function useKeepFocus(trigger: unknown) {
  const target = useRef<string | null>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: trigger is the change to wait for
  useEffect(() => {
    if (!target.current) return;
    const element = elements.current.get(target.current);
    target.current = null;
    if (element && document.activeElement !== element) element.focus();
  }, [trigger]);
  const register = useCallback((key: string, element: HTMLElement | null) => {
    if (element) elements.current.set(key, element);
    else elements.current.delete(key);
  }, []);
  const focusAfterChange = useCallback((key: string) => {
    target.current = key;
  }, []);
  return { register, focusAfterChange };
}

interface FieldFrame {
  readonly id: string;
  readonly label: string;
  /** Said after the label ("optional"). */
  readonly note?: string;
  readonly hint?: ReactNode;
  readonly error?: string;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Frame({ id, label, note, hint, error, children }: FieldFrame & { readonly children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {note ? <span className="font-normal text-muted"> ({note})</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and, when the desk or the server refused it, its message under it. */
export function Field({
  id,
  label,
  note,
  hint,
  error,
  ...input
}: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <Frame id={id} label={label} note={note} hint={hint} error={error}>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </Frame>
  );
}

export function TextAreaField({
  id,
  label,
  note,
  hint,
  error,
  ...textarea
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <Frame id={id} label={label} note={note} hint={hint} error={error}>
      <textarea
        id={id}
        className={`${inputClass} py-2`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
    </Frame>
  );
}
