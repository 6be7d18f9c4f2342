export interface CategoryFilterProps {
  /** The categories to offer, in display order; "All" comes first. */
  readonly categories: readonly string[];
  readonly selected: string | null;
  readonly onSelect: (category: string | null) => void;
}

/** The listing's category buttons: toggle buttons, the selected one pressed. */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  return (
    <fieldset className="mt-5 flex flex-wrap gap-2">
      <legend className="sr-only">Category</legend>
      <CategoryButton label="All" pressed={selected === null} onClick={() => onSelect(null)} />
      {categories.map((category) => (
        <CategoryButton
          key={category}
          label={category}
          pressed={selected === category}
          onClick={() => onSelect(category)}
        />
      ))}
    </fieldset>
  );
}

function CategoryButton({
  label,
  pressed,
  onClick,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className="h-10 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine aria-pressed:border-wine aria-pressed:bg-wine aria-pressed:text-cream"
    >
      {label}
    </button>
  );
}
