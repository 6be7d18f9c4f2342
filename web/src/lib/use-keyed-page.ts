/**
 * What a page opened with a secret link (the order page, the quote page: `#/{kind}/{reference}?key=…`)
 * does first: no referrer while it is shown, its reference and key read from the address, the record
 * fetched with them (null while loading; `reload` fetches again, keeping what is shown when `quiet`), and
 * the heading focused when the answer is a refusal, so screen readers hear it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { resolvePath } from '../../../domain/routes';
import { useLocation, useSearchParams } from './router';
import { useNoReferrer } from './use-no-referrer';

export function useKeyedPage<R extends { readonly kind: string }>(
  fetchWith: (reference: string, key: string) => Promise<R>,
  options: { readonly quiet?: boolean } = {},
) {
  useNoReferrer();
  const { path } = useLocation();
  const [params] = useSearchParams();
  const resolution = resolvePath(path);
  const reference = resolution.kind === 'route' ? (resolution.match.params.reference ?? '') : '';
  const key = params.get('key') ?? '';
  const [result, setResult] = useState<R | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const quiet = options.quiet ?? false;

  const load = useCallback(() => {
    if (!quiet) setResult(null);
    let current = true;
    void fetchWith(reference, key).then((r) => {
      if (current) setResult(r);
    });
    return () => {
      current = false;
    };
  }, [fetchWith, reference, key, quiet]);
  useEffect(load, [load]);

  useEffect(() => {
    if (result && result.kind !== 'ok') headingRef.current?.focus();
  }, [result]);

  return { key, result, setResult, reload: load, headingRef };
}
