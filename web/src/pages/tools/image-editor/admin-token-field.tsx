import { useId } from 'react';
import type { AdminToken } from './use-admin-token';

export function AdminTokenField({ token }: { readonly token: AdminToken }) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        Admin token
      </label>
      <input
        ref={token.inputRef}
        id={inputId}
        type="password"
        autoComplete="off"
        value={token.value}
        onChange={(e) => token.change(e.target.value)}
        aria-invalid={token.error ? true : undefined}
        aria-describedby={token.error ? errorId : undefined}
        className="min-h-11 rounded-lg border border-line bg-white px-3 font-mono text-sm"
      />
      {token.error ? (
        <p id={errorId} className="text-sm text-danger">
          {token.error}
        </p>
      ) : null}
      {token.value ? (
        <button type="button" className="self-start text-sm underline hover:text-wine" onClick={token.forget}>
          Forget token
        </button>
      ) : null}
    </div>
  );
}
