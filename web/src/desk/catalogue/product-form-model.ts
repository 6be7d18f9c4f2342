/**
 * The product form's values as the owner types them, the checks the desk makes before asking the server
 * (the same rules the server holds: name 1-80 characters, a price from €1.00 to €1,000.00 in whole cents),
 * and what a save sends: only the fields the owner changed, with the version they edited.
 */
import { isGtin, PRODUCT_LIMITS } from '../../../../domain/catalogue/product-admin';
import { CATEGORIES } from '../../../../domain/catalogue/types';
import {
  CUSTOMS_LIMITS,
  DEFAULT_ORIGIN_COUNTRY,
  isCountryCode,
  isHsCode,
  normaliseHsCode,
  type ProductCustoms,
} from '../../../../domain/customs/product-customs';
import { parseEuroInput } from '../ui/desk-format';
import {
  type AdminProduct,
  PRODUCT_SIZES,
  type ProductFields,
  type ProductPatch,
  type ProductSize,
  type ProductStatus,
} from './product-api';

export interface FormValues {
  readonly name: string;
  readonly handle: string;
  readonly category: string;
  readonly materials: string;
  readonly price: string;
  readonly description: string;
  readonly fullDescription: string;
  readonly sizes: readonly ProductSize[];
  readonly status: ProductStatus;
  readonly note: string;
  readonly position: string;
  /** The shopping feeds' extras (docs/product/feeds.md). */
  readonly gtin: string;
  readonly colour: string;
  readonly excludeFromFeeds: boolean;
  /** The customs data (docs/product/customs.md §21.1): all empty for none. */
  readonly customsHsCode: string;
  readonly customsOriginCountry: string;
  readonly customsMaterials: string;
  readonly customsWeightS: string;
  readonly customsWeightM: string;
  readonly customsWeightL: string;
}

export type FieldName = keyof FormValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const FIELD_LABELS: Readonly<Record<FieldName, string>> = {
  name: 'Name',
  handle: 'Handle',
  category: 'Category',
  materials: 'Materials',
  price: 'Price in euro',
  description: 'Short description',
  fullDescription: 'Full description',
  sizes: 'Sizes offered',
  status: 'Status',
  note: 'Note for shoppers',
  position: 'Position',
  gtin: 'Barcode number (GTIN)',
  colour: 'Colour',
  excludeFromFeeds: 'Leave out of the Google, Meta and Pinterest feeds',
  customsHsCode: 'HS code',
  customsOriginCountry: 'Country of origin',
  customsMaterials: 'Made of (in English, for customs)',
  customsWeightS: 'Net weight of a Small, in grams',
  customsWeightM: 'Net weight of a Medium, in grams',
  customsWeightL: 'Net weight of a Large, in grams',
};

/** The customs fields, in the form's order. */
export const CUSTOMS_FIELDS = [
  'customsHsCode',
  'customsOriginCountry',
  'customsMaterials',
  'customsWeightS',
  'customsWeightM',
  'customsWeightL',
] as const satisfies readonly FieldName[];

export const PRICE_MIN = 100;
export const PRICE_MAX = 100_000;
export const NAME_MAX = 80;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** 3500 -> "35.00": the price as the owner edits it, exact (no floating point on the way). */
export function euroText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "silver, rose quartz,, Silver" -> ["silver", "rose quartz"]: trimmed, no empties, each once. */
export function parseMaterials(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}

export const EMPTY_FORM: FormValues = {
  name: '',
  handle: '',
  category: '',
  materials: '',
  price: '',
  description: '',
  fullDescription: '',
  sizes: [...PRODUCT_SIZES],
  // A new product waits, paused, until it has its photos and their alt text.
  status: 'paused',
  note: '',
  position: '',
  gtin: '',
  colour: '',
  excludeFromFeeds: false,
  customsHsCode: '',
  customsOriginCountry: DEFAULT_ORIGIN_COUNTRY,
  customsMaterials: '',
  customsWeightS: '',
  customsWeightM: '',
  customsWeightL: '',
};

export function formOf(product: AdminProduct): FormValues {
  return {
    name: product.name,
    handle: product.handle,
    category: product.category,
    materials: product.materials.join(', '),
    price: euroText(product.price),
    description: product.description,
    fullDescription: product.fullDescription,
    sizes: PRODUCT_SIZES.filter((s) => product.sizes.includes(s)),
    status: product.status,
    note: product.note,
    position: String(product.position),
    gtin: product.gtin,
    colour: product.colour,
    excludeFromFeeds: product.excludeFromFeeds,
    customsHsCode: product.customs?.hsCode ?? '',
    customsOriginCountry: product.customs?.originCountry ?? DEFAULT_ORIGIN_COUNTRY,
    customsMaterials: product.customs?.materials ?? '',
    customsWeightS: product.customs ? String(product.customs.weightGrams.S) : '',
    customsWeightM: product.customs ? String(product.customs.weightGrams.M) : '',
    customsWeightL: product.customs ? String(product.customs.weightGrams.L) : '',
  };
}

/**
 * The customs fields checked: null when all are empty (none given), else the data, each bad field with
 * its error in `errors`.
 */
function checkCustoms(values: FormValues, errors: FieldErrors): ProductCustoms | null {
  const texts = CUSTOMS_FIELDS.filter((f) => f !== 'customsOriginCountry').map((f) => values[f].trim());
  if (texts.every((t) => t === '')) return null;
  const hsCode = normaliseHsCode(values.customsHsCode.trim());
  if (!isHsCode(hsCode))
    errors.customsHsCode =
      'Enter 6 to 10 digits: 7117 for base metal or glass beads, 7113 for precious metal.';
  const originCountry = values.customsOriginCountry.trim().toUpperCase() || DEFAULT_ORIGIN_COUNTRY;
  if (!isCountryCode(originCountry)) errors.customsOriginCountry = 'Enter two letters, like IE.';
  const materials = values.customsMaterials.trim();
  if (!materials || materials.length > CUSTOMS_LIMITS.materialsMax)
    errors.customsMaterials = `Say what it is made of in 1 to ${CUSTOMS_LIMITS.materialsMax} characters, like glass and sterling silver.`;
  const weight = (field: 'customsWeightS' | 'customsWeightM' | 'customsWeightL'): number => {
    const text = values[field].trim();
    const grams = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(grams >= CUSTOMS_LIMITS.weightMin && grams <= CUSTOMS_LIMITS.weightMax))
      errors[field] = `Enter whole grams, ${CUSTOMS_LIMITS.weightMin} to ${CUSTOMS_LIMITS.weightMax}.`;
    return grams;
  };
  return {
    hsCode,
    originCountry,
    materials,
    weightGrams: { S: weight('customsWeightS'), M: weight('customsWeightM'), L: weight('customsWeightL') },
  };
}

export interface Checked {
  readonly errors: FieldErrors;
  readonly fields: ProductFields & {
    readonly note: string;
    readonly position: number | null;
    readonly gtin: string;
    readonly colour: string;
    readonly excludeFromFeeds: boolean;
    readonly customs: ProductCustoms | null;
  };
}

export const CATEGORY_MISSING = 'Choose a category, or add a new one.';
export const COLOUR_MISSING =
  'Give its colour in words, like Burgundy or Pink/Gold: Google refuses jewellery without one.';

/** "  soft   ROMANCE " -> "soft romance": how two spellings of one category are compared. */
const categoryKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The categories the owner chooses from: the shop's own palettes in their order, then every other one a
 * product has (any status), alphabetically, and the one being edited, so it is always among them.
 */
export function categoryChoices(products: readonly { readonly category: string }[], current = ''): string[] {
  const seen = new Set<string>();
  const added: string[] = [];
  for (const name of [...products.map((p) => p.category), current]) {
    const trimmed = name.trim();
    if (!trimmed || seen.has(categoryKey(trimmed))) continue;
    seen.add(categoryKey(trimmed));
    if (!CATEGORIES.some((c) => categoryKey(c) === categoryKey(trimmed))) added.push(trimmed);
  }
  return [...CATEGORIES, ...added.sort((a, b) => a.localeCompare(b))];
}

/**
 * A category as the product gets it: a name that differs from an existing category only in case or
 * spacing is that category, so "burgundy " never starts a second Burgundy in the shop's filters.
 */
export function existingSpelling(typed: string, categories: readonly string[]): string {
  const name = typed.trim().replace(/\s+/g, ' ');
  return categories.find((c) => categoryKey(c) === categoryKey(name)) ?? name;
}

/**
 * The desk's own checks. `imagesWithoutAlt` counts the product's saved photos that have no alt text: such
 * a product cannot be active. `categories` are the shop's (categoryChoices), whose spelling a typed name
 * takes.
 */
export function checkForm(
  values: FormValues,
  {
    isNew,
    imagesWithoutAlt,
    categories = [],
  }: { isNew: boolean; imagesWithoutAlt: number; categories?: readonly string[] },
): Checked {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Enter a name.';
  else if (name.length > NAME_MAX) errors.name = `The name can be at most ${NAME_MAX} characters.`;
  const handle = values.handle.trim();
  if (!handle && !isNew) errors.handle = 'Enter a handle.';
  else if (handle && !HANDLE.test(handle))
    errors.handle = 'Use lower-case letters, digits and single hyphens, like sea-glass-bracelet.';
  const category = existingSpelling(values.category, categories);
  if (!category) errors.category = CATEGORY_MISSING;
  const materials = parseMaterials(values.materials);
  if (materials.length === 0) errors.materials = 'Enter at least one material.';
  const price = parseEuroInput(values.price);
  if (price === null) errors.price = 'Enter the price in euro, like 35 or 35.50.';
  else if (price < PRICE_MIN || price > PRICE_MAX)
    errors.price = 'The price must be from €1.00 to €1,000.00.';
  const description = values.description.trim();
  if (!description) errors.description = 'Enter a short description.';
  if (values.status === 'active' && imagesWithoutAlt > 0)
    errors.status =
      imagesWithoutAlt === 1
        ? 'One photo has no alt text: add it before making this product active.'
        : `${imagesWithoutAlt} photos have no alt text: add it before making this product active.`;
  const positionText = values.position.trim();
  const position = positionText ? Number(positionText) : null;
  if (position !== null && !(Number.isInteger(position) && position >= 0))
    errors.position = 'Enter a whole number, 0 or more.';
  const gtin = values.gtin.replace(/\s+/g, '');
  if (gtin && !isGtin(gtin))
    errors.gtin = 'Enter the 8, 12, 13 or 14 digits under the barcode, or leave it empty.';
  const colour = values.colour.trim();
  // Google's free listings refuse jewellery without a colour (docs/product/feeds.md §18.1): asked for
  // unless she keeps the piece out of the feeds.
  if (!colour && !values.excludeFromFeeds) errors.colour = COLOUR_MISSING;
  else if (colour.length > PRODUCT_LIMITS.colourMax)
    errors.colour = `The colour can be at most ${PRODUCT_LIMITS.colourMax} characters.`;
  const customs = checkCustoms(values, errors);
  return {
    errors,
    fields: {
      name,
      ...(handle ? { handle } : {}),
      category,
      materials,
      price: price ?? 0,
      description,
      fullDescription: values.fullDescription.trim(),
      sizes: values.sizes,
      status: values.status,
      note: values.note.trim(),
      position,
      gtin,
      colour,
      excludeFromFeeds: values.excludeFromFeeds,
      customs,
    },
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** The PATCH of a checked form against the product it was edited from: the changed fields only. */
export function patchOf(checked: Checked['fields'], product: AdminProduct): ProductPatch {
  const patch: Record<string, unknown> = {};
  if (checked.name !== product.name) patch.name = checked.name;
  if (checked.handle !== undefined && checked.handle !== product.handle) patch.handle = checked.handle;
  if (checked.category !== product.category) patch.category = checked.category;
  if (!sameList(checked.materials, product.materials)) patch.materials = checked.materials;
  if (checked.price !== product.price) patch.price = checked.price;
  if (checked.description !== product.description) patch.description = checked.description;
  if ((checked.fullDescription ?? '') !== product.fullDescription)
    patch.fullDescription = checked.fullDescription;
  if (
    !sameList(
      checked.sizes,
      PRODUCT_SIZES.filter((s) => product.sizes.includes(s)),
    )
  )
    patch.sizes = checked.sizes;
  if (checked.status !== product.status) patch.status = checked.status;
  if (checked.note !== product.note) patch.note = checked.note;
  if (checked.position !== null && checked.position !== product.position) patch.position = checked.position;
  if (checked.gtin !== product.gtin) patch.gtin = checked.gtin;
  if (checked.colour !== product.colour) patch.colour = checked.colour;
  if (checked.excludeFromFeeds !== product.excludeFromFeeds)
    patch.excludeFromFeeds = checked.excludeFromFeeds;
  if (JSON.stringify(checked.customs) !== JSON.stringify(product.customs ?? null))
    patch.customs = checked.customs;
  return patch as ProductPatch;
}

/** The POST of a new product (position and note are not part of it: a PATCH follows when they are set). */
export function createBodyOf(checked: Checked['fields']): ProductFields {
  const {
    note: _note,
    position: _position,
    fullDescription,
    gtin,
    colour,
    excludeFromFeeds,
    customs,
    ...rest
  } = checked;
  return {
    ...rest,
    ...(fullDescription ? { fullDescription } : {}),
    ...(gtin ? { gtin } : {}),
    ...(colour ? { colour } : {}),
    ...(excludeFromFeeds ? { excludeFromFeeds } : {}),
    ...(customs ? { customs } : {}),
  };
}

const FIELD_NAMES = Object.keys(FIELD_LABELS) as FieldName[];

/**
 * Which field a server's 400 is about: a `field` in the answer, else its message's `field: …` prefix (the
 * shop's wording for an unworded check), else a message that starts with the field's name ("Price must …").
 */
export function fieldOfRefusal(message: string, details: unknown): FieldName | null {
  const named =
    details && typeof details === 'object' && 'field' in details && typeof details.field === 'string'
      ? details.field
      : (/^([A-Za-z]+)(?:\[\d+\])?(?:\.[\w.]+)?:\s/.exec(message)?.[1] ?? null);
  // `customs.hsCode: …`, `customs.weightGrams: …`: the form's own customs field.
  const customs = /^customs\.(\w+)/.exec(message)?.[1];
  if (customs) {
    const key =
      customs === 'weightGrams' ? 'WeightS' : `${customs.charAt(0).toUpperCase()}${customs.slice(1)}`;
    const found = FIELD_NAMES.find((f) => f === `customs${key}`);
    if (found) return found;
  }
  if (named) {
    const found = FIELD_NAMES.find((f) => f.toLowerCase() === named.toLowerCase());
    if (found) return found;
  }
  const lower = message.toLowerCase();
  if (lower.startsWith('full description')) return 'fullDescription';
  if (lower.startsWith('short description') || lower.startsWith('description')) return 'description';
  return FIELD_NAMES.find((f) => lower.startsWith(`${f.toLowerCase()} `)) ?? null;
}

/** The fields whose saved value (in `newest`) differs from what the owner has typed. */
export function differences(values: FormValues, newest: AdminProduct): FieldName[] {
  const saved = formOf(newest);
  return FIELD_NAMES.filter((f) => {
    const a = values[f];
    const b = saved[f];
    return Array.isArray(a) && Array.isArray(b) ? !sameList(a, b) : a !== b;
  });
}

export function shownValue(values: FormValues, field: FieldName): string {
  const value = values[field];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'string') return value.join(', ') || '(none)';
  // 'paused' -> 'Paused', as the status is labelled in the form.
  if (field === 'status') return `${value.charAt(0).toUpperCase()}${value.slice(1)}`;
  return value || '(empty)';
}
