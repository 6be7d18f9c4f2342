export function MaterialChips({
  materials,
  className = '',
}: {
  materials: readonly string[];
  className?: string;
}) {
  return (
    <ul aria-label="Materials" className={`flex flex-wrap gap-2 ${className}`}>
      {materials.map((m) => (
        <li key={m} className="rounded-full border border-line bg-sand px-3 py-1 text-sm text-ink">
          {m}
        </li>
      ))}
    </ul>
  );
}
