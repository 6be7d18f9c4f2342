/**
 * One product, new or edited (docs/product/desk.md §10.10, Products). The form says what is wrong next to each
 * field, from the desk's own checks and from the server's 400. A save sends only the changed fields with
 * the version the owner edited (`updatedAt`): when another tab or instance saved a newer one, the server
 * refuses with 409 and the desk shows its message, then loads the newest version on request without
 * touching what the owner typed, listing the fields where the two differ.
 */

import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { HS_CODE_HINT } from '../../../../domain/customs/product-customs';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DeskApiError } from '../desk-api';
import { navigate } from '../desk-router';
import { BackInStockWaiting } from '../newsletter/back-in-stock-waiting';
import { catalogueHref } from '../routes/catalogue';
import { DataTable } from '../ui/data-table';
import { Field, TextAreaField } from '../ui/desk-fields';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';
import { type AdminProduct, PRODUCT_SIZES, type ProductPatch, productApi } from './product-api';
import {
  type Checked,
  categoryChoices,
  checkForm,
  createBodyOf,
  differences,
  EMPTY_FORM,
  FIELD_LABELS,
  type FieldErrors,
  type FieldName,
  type FormValues,
  fieldOfRefusal,
  formOf,
  NAME_MAX,
  patchOf,
  shownValue,
} from './product-form-model';
import { ProductHistory } from './product-history';
import { ProductImages } from './product-images';
import { PRODUCT_STATUS_LABELS, ProductStatusBadge } from './product-ui';

export function ProductPage({ productId }: { readonly productId: string | null }) {
  if (productId === null) return <NewProduct />;
  return <ExistingProduct productId={productId} />;
}

function BackLink() {
  return (
    <p className="mb-3 text-sm">
      <a href={catalogueHref.products()} className="underline hover:text-wine">
        All products
      </a>
    </p>
  );
}

/** Refusals the form shows in place (a field's 400, a 409); others are the action's error. */
type Refusal = { readonly kind: 'field'; readonly field: FieldName; readonly message: string };

function refusalOf(err: unknown): Refusal | null {
  if (!(err instanceof DeskApiError) || err.status !== 400) return null;
  const field = fieldOfRefusal(err.message, err.details);
  return field ? { kind: 'field', field, message: err.message } : null;
}

/**
 * The categories the form offers: the shop's palettes and every category a product has. Until the list has
 * loaded (or if it cannot be), the palettes and the product's own category.
 */
function useCategories(current: string): string[] {
  const [products] = useDeskData('product-categories', () => productApi.list());
  return categoryChoices(products.state === 'ready' ? products.data : [], current);
}

/** Puts the focus on the first field with a message, so the owner lands where the fix is. */
function focusFirstError(formId: string, errors: FieldErrors) {
  const first = (Object.keys(FIELD_LABELS) as FieldName[]).find((f) => errors[f]);
  if (first) document.getElementById(`${formId}-${first}`)?.focus();
}

function NewProduct() {
  const id = useId();
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const categories = useCategories('');
  const save = useDeskAction(async (submission: string, fields: Checked['fields']) => {
    try {
      let product = await productApi.create(createBodyOf(fields), submission);
      const extra: ProductPatch = {
        ...(fields.note ? { note: fields.note } : {}),
        ...(fields.position !== null ? { position: fields.position } : {}),
      };
      if (Object.keys(extra).length > 0)
        product = await productApi.update(
          product.id,
          { ...extra, updatedAt: product.updatedAt },
          `${submission}-more`,
        );
      navigate(catalogueHref.product(product.id));
    } catch (err) {
      const refusal = refusalOf(err);
      if (!refusal) throw err;
      setErrors({ [refusal.field]: refusal.message });
      focusFirstError(id, { [refusal.field]: refusal.message });
    }
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(values, { isNew: true, imagesWithoutAlt: 0, categories });
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      focusFirstError(id, checked.errors);
      return;
    }
    void save.run(checked.fields);
  };

  return (
    <>
      <BackLink />
      <PageHeading>New product</PageHeading>
      <p className="mt-2 text-sm text-muted">
        Photos are added once the product is saved. It starts paused, so shoppers see it only when you make it
        active.
      </p>
      <ProductForm
        formId={id}
        values={values}
        onChange={setValues}
        errors={errors}
        isNew
        categories={categories}
        imagesWithoutAlt={0}
        currentStatus={null}
        onSubmit={submit}
        footer={
          <>
            {save.error ? <ErrorMessage>{save.error}</ErrorMessage> : null}
            <button type="submit" className={buttonClass.primary} disabled={save.busy}>
              {save.busy ? 'Saving…' : 'Create product'}
            </button>
          </>
        }
      />
    </>
  );
}

function ExistingProduct({ productId }: { readonly productId: string }) {
  const [result, , replace] = useDeskData(`product-${productId}`, () => productApi.get(productId));
  return (
    <>
      <BackLink />
      {result.state === 'loading' ? <Loading label="Loading the product…" /> : null}
      {result.state === 'error' ? (
        <>
          <PageHeading>Product {productId}</PageHeading>
          <div className="mt-4">
            <ErrorMessage>{result.message}</ErrorMessage>
          </div>
        </>
      ) : null}
      {result.state === 'ready' ? <EditProduct product={result.data} onProduct={replace} /> : null}
    </>
  );
}

interface Conflict {
  readonly message: string;
  /** The newest version, once loaded (the form still holds what the owner typed). */
  readonly newest: AdminProduct | null;
}

function EditProduct({
  product,
  onProduct,
}: {
  readonly product: AdminProduct;
  /** The product as the server has it now (after a save, an action, a photo change). */
  readonly onProduct: (product: AdminProduct) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<FormValues>(() => formOf(product));
  const [errors, setErrors] = useState<FieldErrors>({});
  // Two places for results: an action's beside the actions, a save's beside the Save button, each where
  // the owner's eyes are when it lands (the form is several screens long on a phone).
  const [notice, setNotice] = useState('');
  const [saveNotice, setSaveNotice] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [retiring, setRetiring] = useState(false);
  const [pausing, setPausing] = useState(false);
  const [pauseNote, setPauseNote] = useState('');
  const categories = useCategories(product.category);
  const imagesWithoutAlt = product.images.filter((image) => !image.alt.trim()).length;

  /** Sends a change of the version shown; a 409 opens the conflict panel, a field's 400 its message. */
  const change = async (patch: ProductPatch, submission: string, after: (saved: AdminProduct) => void) => {
    try {
      const saved = await productApi.update(
        product.id,
        { ...patch, updatedAt: product.updatedAt },
        submission,
      );
      setConflict(null);
      onProduct(saved);
      after(saved);
    } catch (err) {
      if (err instanceof DeskApiError && err.status === 409) {
        setConflict({ message: err.message, newest: null });
        return;
      }
      const refusal = refusalOf(err);
      if (!refusal) throw err;
      setErrors({ [refusal.field]: refusal.message });
      focusFirstError(id, { [refusal.field]: refusal.message });
    }
  };

  const save = useDeskAction(async (submission: string, patch: ProductPatch) => {
    await change(patch, submission, (saved) => {
      setValues(formOf(saved));
      setSaveNotice('Saved. The shop shows the change within seconds.');
    });
  });

  const setStatus = useDeskAction(async (submission: string, patch: ProductPatch, message: string) => {
    await change(patch, submission, (saved) => {
      // Only the status and its note follow: the rest of what the owner typed stays as typed.
      setValues((v) => ({ ...v, status: saved.status, note: saved.note }));
      setNotice(message);
    });
  });

  const duplicate = useDeskAction(async (submission: string) => {
    const copy = await productApi.create(
      {
        name: `${product.name} (copy)`.slice(0, NAME_MAX),
        category: product.category,
        materials: product.materials,
        price: product.price,
        description: product.description,
        ...(product.fullDescription ? { fullDescription: product.fullDescription } : {}),
        sizes: PRODUCT_SIZES.filter((s) => product.sizes.includes(s)),
        status: 'paused',
      },
      submission,
    );
    navigate(catalogueHref.product(copy.id));
  });

  const loadNewest = useDeskAction(async () => {
    const newest = await productApi.get(product.id);
    // The newest version becomes the one edited; the fields keep what the owner typed.
    onProduct(newest);
    setConflict((c) => (c ? { ...c, newest } : c));
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaveNotice('');
    const checked = checkForm(values, { isNew: false, imagesWithoutAlt, categories });
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      focusFirstError(id, checked.errors);
      return;
    }
    const patch = patchOf(checked.fields, product);
    if (Object.keys(patch).length === 0) {
      setSaveNotice('Nothing to save: no field has changed.');
      return;
    }
    void save.run(patch);
  };

  const resume = () => {
    if (imagesWithoutAlt > 0) {
      setErrors({ status: 'Add alt text to every photo before making this product active.' });
      focusFirstError(id, { status: 'x' });
      return;
    }
    void setStatus.run({ status: 'active' }, 'Active again: shoppers can order it.');
  };

  const actionError = setStatus.error ?? duplicate.error;

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading>{product.name}</PageHeading>
        <ProductStatusBadge status={product.status} />
      </div>
      <p className="mt-1 text-sm text-muted">
        #{product.id} · {product.handle}
      </p>
      <BackInStockWaiting productId={product.id} active={product.status === 'active'} />

      <section aria-label="Product actions" className="mt-4 flex flex-wrap gap-2">
        {product.status === 'active' ? (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={setStatus.busy}
            onClick={() => {
              setPauseNote(values.note);
              setPausing(true);
            }}
          >
            Pause…
          </button>
        ) : (
          <button type="button" className={buttonClass.secondary} disabled={setStatus.busy} onClick={resume}>
            Resume
          </button>
        )}
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={duplicate.busy}
          onClick={() => void duplicate.run()}
        >
          {duplicate.busy ? 'Duplicating…' : 'Duplicate'}
        </button>
        {product.status !== 'retired' ? (
          <button
            type="button"
            className={buttonClass.danger}
            disabled={setStatus.busy}
            onClick={() => setRetiring(true)}
          >
            Retire…
          </button>
        ) : null}
        {/* Pausing and its note for shoppers are one step: the note is written in the dialog. */}
        <ConfirmDialog
          open={pausing}
          onOpenChange={setPausing}
          title={`Pause ${product.name}?`}
          description="Its page stays, with your note, and it cannot be ordered until you resume it."
          confirmLabel="Pause"
          cancelLabel="Keep it active"
          onConfirm={() => {
            setValues((v) => ({ ...v, note: pauseNote }));
            void setStatus.run(
              { status: 'paused', note: pauseNote.trim() },
              'Paused: its page stays, with the note, and it cannot be ordered.',
            );
          }}
        >
          <TextAreaField
            id={`${id}-pause-note`}
            label={FIELD_LABELS.note}
            note="optional"
            rows={2}
            hint="Shoppers see it on the product's page, like “Back in January”."
            value={pauseNote}
            onChange={(e) => setPauseNote(e.target.value)}
          />
        </ConfirmDialog>
        <ConfirmDialog
          open={retiring}
          onOpenChange={setRetiring}
          title={`Retire ${product.name}?`}
          description="It leaves the listings and the sitemap, and its page says it is no longer made. Past orders keep it as it was sold. You can bring it back with Resume."
          confirmLabel="Retire"
          cancelLabel="Keep it"
          onConfirm={() =>
            void setStatus.run(
              { status: 'retired', note: values.note.trim() },
              'Retired: it has left the listings.',
            )
          }
        />
      </section>
      <div className="mt-3 space-y-3">
        {actionError ? <ErrorMessage>{actionError}</ErrorMessage> : null}
        <p
          role="status"
          className={notice ? 'rounded-lg bg-sand px-3 py-2 text-sm font-medium text-success' : 'sr-only'}
        >
          {notice}
        </p>
        {conflict ? (
          <ConflictPanel
            conflict={conflict}
            values={values}
            loading={loadNewest.busy}
            error={loadNewest.error}
            onLoad={() => void loadNewest.run()}
            onTakeNewest={(newest) => {
              setValues(formOf(newest));
              setConflict(null);
              setNotice('The form shows the newest version now.');
            }}
          />
        ) : null}
      </div>

      <ProductForm
        formId={id}
        values={values}
        onChange={setValues}
        errors={errors}
        isNew={false}
        categories={categories}
        imagesWithoutAlt={imagesWithoutAlt}
        currentStatus={product.status}
        onSubmit={submit}
        footer={
          <>
            {save.error ? <ErrorMessage>{save.error}</ErrorMessage> : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <button type="submit" className={buttonClass.primary} disabled={save.busy}>
                {save.busy ? 'Saving…' : 'Save changes'}
              </button>
              <p role="status" className="text-sm font-medium text-success">
                {saveNotice}
              </p>
            </div>
          </>
        }
      />
      <ProductImages product={product} onProduct={onProduct} />
      <ProductHistory productId={product.id} version={product.updatedAt} />
    </>
  );
}

function ConflictPanel({
  conflict,
  values,
  loading,
  error,
  onLoad,
  onTakeNewest,
}: {
  readonly conflict: Conflict;
  readonly values: FormValues;
  readonly loading: boolean;
  readonly error: string | null;
  readonly onLoad: () => void;
  readonly onTakeNewest: (newest: AdminProduct) => void;
}) {
  const newest = conflict.newest;
  const changed = newest ? differences(values, newest) : [];
  return (
    <div role="alert" className="space-y-3 rounded-xl border border-danger/40 bg-white p-4 text-sm">
      <p className="font-medium text-danger">{conflict.message}</p>
      {newest ? (
        <>
          <p>
            The newest version is loaded. Your typing is still in the form: Save changes puts yours over it.
          </p>
          {changed.length > 0 ? (
            <DataTable
              caption="Where the newest version and yours differ"
              density="tight"
              rows={changed}
              rowKey={(field) => field}
              columns={[
                { header: 'Field', rowHeader: true, cell: (field) => FIELD_LABELS[field] },
                {
                  header: 'Saved now',
                  cellClassName: 'break-words',
                  cell: (field) => shownValue(formOf(newest), field),
                },
                { header: 'Yours', cellClassName: 'break-words', cell: (field) => shownValue(values, field) },
              ]}
            />
          ) : (
            <p>Your fields and the newest version are the same.</p>
          )}
          <button type="button" className={buttonClass.secondary} onClick={() => onTakeNewest(newest)}>
            Use the newest version instead
          </button>
        </>
      ) : (
        <>
          <p>Nothing was saved. Load the newest version: what you typed stays in the form.</p>
          <button type="button" className={buttonClass.secondary} onClick={onLoad} disabled={loading}>
            {loading ? 'Loading…' : 'Load the newest version'}
          </button>
        </>
      )}
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
    </div>
  );
}

function ProductForm({
  formId,
  values,
  onChange,
  errors,
  isNew,
  categories,
  imagesWithoutAlt,
  currentStatus,
  onSubmit,
  footer,
}: {
  readonly formId: string;
  readonly values: FormValues;
  readonly onChange: (update: (values: FormValues) => FormValues) => void;
  readonly errors: FieldErrors;
  readonly isNew: boolean;
  readonly categories: readonly string[];
  readonly imagesWithoutAlt: number;
  readonly currentStatus: AdminProduct['status'] | null;
  readonly onSubmit: (event: FormEvent) => void;
  readonly footer: ReactNode;
}) {
  const titleId = `${formId}-title`;
  const fieldId = (field: FieldName) => `${formId}-${field}`;
  const set =
    <K extends FieldName>(field: K) =>
    (value: FormValues[K]) =>
      onChange((v) => ({ ...v, [field]: value }));
  const text = (field: Exclude<FieldName, 'sizes' | 'status' | 'excludeFromFeeds'>) => ({
    id: fieldId(field),
    label: FIELD_LABELS[field],
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
  });
  const statuses =
    currentStatus === 'retired'
      ? (['active', 'paused', 'retired'] as const)
      : (['active', 'paused'] as const);
  const statusHint = `${fieldId('status')}-hint`;
  const statusError = errors.status ? `${fieldId('status')}-error` : null;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      className="mt-6 space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id={titleId} className="font-serif text-xl">
        {isNew ? 'The new product' : 'Details'}
      </h2>
      <Field {...text('name')} maxLength={NAME_MAX + 20} autoComplete="off" />
      <Field
        {...text('handle')}
        note={isNew ? 'optional' : undefined}
        hint={
          isNew
            ? 'The end of the page address. Left empty, it is made from the name.'
            : 'The end of the page address. The old address keeps working after a change.'
        }
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryField
          id={fieldId('category')}
          value={values.category}
          categories={categories}
          error={errors.category}
          onChange={set('category')}
        />
        <Field {...text('price')} inputMode="decimal" hint="Like 35 or 35.50." autoComplete="off" />
      </div>
      <Field
        {...text('materials')}
        hint="Separated by commas, like sterling silver, rose quartz."
        autoComplete="off"
      />
      <TextAreaField {...text('description')} rows={3} />
      <TextAreaField {...text('fullDescription')} note="optional" rows={6} />
      <fieldset aria-describedby={errors.sizes ? `${fieldId('sizes')}-error` : undefined}>
        <legend className="text-sm font-medium">{FIELD_LABELS.sizes}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {PRODUCT_SIZES.map((size, index) => (
            <label key={size} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                id={index === 0 ? fieldId('sizes') : undefined}
                type="checkbox"
                className="size-6 accent-wine"
                checked={values.sizes.includes(size)}
                onChange={(e) =>
                  set('sizes')(
                    PRODUCT_SIZES.filter((s) => (s === size ? e.target.checked : values.sizes.includes(s))),
                  )
                }
              />
              {size}
            </label>
          ))}
        </div>
        {errors.sizes ? (
          <p id={`${fieldId('sizes')}-error`} className="mt-1 text-sm font-medium text-danger">
            {errors.sizes}
          </p>
        ) : null}
      </fieldset>
      <fieldset aria-describedby={[statusError, statusHint].filter(Boolean).join(' ')}>
        <legend className="text-sm font-medium">{FIELD_LABELS.status}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {statuses.map((status, index) => (
            <label key={status} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                id={index === 0 ? fieldId('status') : undefined}
                type="radio"
                name={`${formId}-status`}
                className="size-6 accent-wine"
                checked={values.status === status}
                onChange={() => set('status')(status)}
              />
              {PRODUCT_STATUS_LABELS[status]}
            </label>
          ))}
        </div>
        <p id={statusHint} className="mt-1 text-xs text-muted">
          A product can be active only when every photo has its alt text.
          {imagesWithoutAlt > 0
            ? imagesWithoutAlt === 1
              ? ' One photo has none yet.'
              : ` ${imagesWithoutAlt} photos have none yet.`
            : ''}
        </p>
        {errors.status ? (
          <p id={statusError ?? undefined} className="mt-1 text-sm font-medium text-danger">
            {errors.status}
          </p>
        ) : null}
      </fieldset>
      {values.status !== 'active' ? (
        <TextAreaField
          {...text('note')}
          note="optional"
          rows={2}
          hint="Shoppers see it on the product's page, like “Back in January”."
        />
      ) : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">
          Shopping feeds (Google, Instagram and Facebook, Pinterest)
        </legend>
        <Field
          {...text('gtin')}
          note="optional"
          inputMode="numeric"
          autoComplete="off"
          hint="Only if the piece has a barcode of its own; handmade pieces usually have none."
        />
        <Field
          {...text('colour')}
          autoComplete="off"
          hint="In words, like Burgundy or Pink/Gold (up to three). Google refuses jewellery without one; not needed if you leave the piece out of the feeds."
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            id={fieldId('excludeFromFeeds')}
            type="checkbox"
            className="size-6 accent-wine"
            checked={values.excludeFromFeeds}
            onChange={(e) => set('excludeFromFeeds')(e.target.checked)}
          />
          {FIELD_LABELS.excludeFromFeeds}
        </label>
      </fieldset>
      <fieldset className="space-y-3" aria-describedby={`${fieldId('customsHsCode')}-about`}>
        <legend className="text-sm font-medium">Customs (parcels leaving the EU)</legend>
        <p id={`${fieldId('customsHsCode')}-about`} className="text-xs text-muted">
          Needed before an order to a country outside the EU is dispatched: the customs declaration (CN23) is
          made from these. Leave all empty while you sell only inside the EU.
        </p>
        <Field {...text('customsHsCode')} inputMode="numeric" autoComplete="off" hint={HS_CODE_HINT} />
        <Field {...text('customsOriginCountry')} autoComplete="off" hint="Two letters: IE for Ireland." />
        <Field
          {...text('customsMaterials')}
          autoComplete="off"
          hint="A few words, like glass and sterling silver: the declaration says “Beaded bracelet, glass and sterling silver”."
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field {...text('customsWeightS')} inputMode="numeric" autoComplete="off" />
          <Field {...text('customsWeightM')} inputMode="numeric" autoComplete="off" />
          <Field {...text('customsWeightL')} inputMode="numeric" autoComplete="off" />
        </div>
      </fieldset>
      {isNew ? null : (
        <Field
          {...text('position')}
          inputMode="numeric"
          hint="The featured order: 0 comes first, and the first 6 active products are the best sellers."
          autoComplete="off"
        />
      )}
      {footer}
    </form>
  );
}

/** The "New category…" choice: a value no category can have (names are trimmed, never a control character). */
const NEW_CATEGORY = '\u0000new';

/**
 * Category: one of the shop's categories from a list, or, after choosing "New category…" on purpose, a new
 * one by name. A typo can no longer make a new category (and a new chip on the home page) unnoticed.
 */
function CategoryField({
  id,
  value,
  categories,
  error,
  onChange,
}: {
  readonly id: string;
  readonly value: string;
  readonly categories: readonly string[];
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}) {
  const chosen = categories.find((c) => c.toLowerCase() === value.trim().toLowerCase());
  const [adding, setAdding] = useState(false);
  const selectId = adding ? `${id}-choice` : id;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={selectId} className="text-sm font-medium">
          {FIELD_LABELS.category}
        </label>
        <select
          id={selectId}
          className={inputClass}
          value={adding ? NEW_CATEGORY : (chosen ?? '')}
          aria-invalid={error && !adding ? true : undefined}
          aria-describedby={error && !adding ? `${id}-error` : undefined}
          onChange={(e) => {
            const next = e.target.value;
            setAdding(next === NEW_CATEGORY);
            onChange(next === NEW_CATEGORY ? '' : next);
          }}
        >
          {chosen === undefined && !adding ? <option value="">Choose a category</option> : null}
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
          <option value={NEW_CATEGORY}>New category…</option>
        </select>
        {error && !adding ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      {adding ? (
        <Field
          id={id}
          label="Name of the new category"
          hint="Shoppers see it as a filter in the shop and on the home page: check its spelling."
          value={value}
          error={error}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
        />
      ) : null}
    </div>
  );
}
