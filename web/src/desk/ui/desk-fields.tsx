/**
 * The desk's form fields (a label, a note after it, a hint and the field's own message under it, tied to
 * the control for assistive technology) and the focus kept through a reorder.
 */
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import { SHIPPING_ZONES, ZONE_IDS, type ZoneId } from '../../../../domain/config';
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
  /** A small grey label, for the fields of a row among many (a quote's lines). */
  readonly compact?: boolean;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Frame({
  id,
  label,
  note,
  hint,
  error,
  compact,
  children,
}: FieldFrame & { readonly children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={compact ? 'block text-xs text-muted' : 'text-sm font-medium'}>
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

/**
 * Splits a field's props: the frame's (label, note, hint, message), the control's own ties to them (its id,
 * invalid while refused, described by the message and the hint), and the rest for the control itself.
 */
function split<P extends FieldFrame>({ id, label, note, hint, error, compact, ...rest }: P) {
  return {
    frame: { id, label, note, hint, error, compact },
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(id, hint, error),
    },
    rest,
  };
}

/** A labelled input with its hint and, when the desk or the server refused it, its message under it. */
export function Field(props: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  const { frame, control, rest } = split(props);
  return (
    <Frame {...frame}>
      <input className={inputClass} {...control} {...rest} />
    </Frame>
  );
}

export function TextAreaField(
  props: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>,
) {
  const { frame, control, rest } = split(props);
  return (
    <Frame {...frame}>
      <textarea className={`${inputClass} py-2`} {...control} {...rest} />
    </Frame>
  );
}

/**
 * A labelled select, with its hint and its message like any field: its options as `[value, label]` pairs,
 * after any given as children (a "none" first).
 */
export function SelectField({
  options = [],
  children,
  ...props
}: FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
    readonly options?: readonly (readonly [value: string, label: string])[];
  }) {
  const { frame, control, rest } = split(props);
  return (
    <Frame {...frame}>
      <select className={inputClass} {...control} {...rest}>
        {children}
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** The delivery zone an order or a quote is priced and posted for (the shop's zones, by their names). */
export function ZoneField({
  id,
  value,
  error,
  onChange,
}: {
  readonly id: string;
  readonly value: ZoneId;
  readonly error?: string;
  readonly onChange: (zone: ZoneId) => void;
}) {
  return (
    <SelectField
      id={id}
      label="Delivery zone"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value as ZoneId)}
      options={ZONE_IDS.map((z) => [z, SHIPPING_ZONES[z].label])}
    />
  );
}
