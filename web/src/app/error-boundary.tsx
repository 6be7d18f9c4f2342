import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  readonly error: Error | null;
}

/** Router fallback: 'Unexpected Application Error!' with the message (docs/product/pages.md §2.2). */
export class ErrorBoundary extends Component<
  { children: ReactNode; onError?: (error: Error, info: ErrorInfo) => void },
  State
> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section role="alert" className="mx-auto max-w-2xl px-4 py-16">
        <h1 className="text-3xl">Unexpected Application Error!</h1>
        <p className="mt-4 font-mono text-sm text-danger">{error.message}</p>
        <p className="mt-6">
          <a href="#/" className="underline">
            Back to Home
          </a>
        </p>
      </section>
    );
  }
}
