/** Temporary page body for routes whose feature has not landed yet; each is replaced, never kept. */
export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl">{title}</h1>
      <p className="mt-4 text-muted">{text}</p>
    </section>
  );
}
