import { Link } from '../lib/router';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="font-serif text-7xl text-wine">404</p>
      <h1 className="mt-4 text-3xl">Oops! Page not found</h1>
      <p className="mt-3 text-muted">The page you were looking for has moved or never existed.</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-wine px-6 py-3 font-medium text-cream hover:bg-wine-dark"
      >
        Return to Home
      </Link>
    </section>
  );
}
