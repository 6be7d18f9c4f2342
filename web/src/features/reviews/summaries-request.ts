/** The storefront's one read of every product's rating and the home page's quotes (GET /api/reviews/summary). */
import { type RatingSummary, REVIEW_API, type Testimonial } from '../../../../domain/reviews/reviews';

export interface Summaries {
  readonly summaries: Readonly<Record<string, RatingSummary>>;
  readonly testimonials: readonly Testimonial[];
}

function isSummaries(value: unknown): value is Summaries & { ok: true } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.ok === true && typeof v.summaries === 'object' && v.summaries !== null && Array.isArray(v.testimonials)
  );
}

export async function fetchSummaries(): Promise<Summaries | null> {
  const response = await fetch(REVIEW_API.summaries, { headers: { Accept: 'application/json' } });
  const json: unknown = response.ok ? await response.json() : null;
  return isSummaries(json) ? { summaries: json.summaries, testimonials: json.testimonials } : null;
}
