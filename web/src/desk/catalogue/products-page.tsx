/**
 * The owner's products (docs/product/desk.md §10.10, Products): every product in the featured order with its
 * thumbnail, name, price and status; a search by name, id or handle; Move up / Move down (buttons, so the
 * order is kept by keyboard and screen reader as well as by thumb); the CSV export and import. Cards on a
 * phone, rows of a table-like grid on a laptop: one list, laid out two ways.
 */
import { useContext, useId, useRef, useState } from 'react';
import { feedRefusals } from '../../../../domain/pages/feed-refusals';
import { DeskApiError, newSubmissionKey } from '../desk-api';
import { catalogueHref } from '../routes/catalogue';
import { DataTable } from '../ui/data-table';
import { useKeepFocus } from '../ui/desk-fields';
import { money } from '../ui/desk-format';
import { SessionEndedContext, useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';
import { type AdminProduct, CsvImportError, type ImportRow, productApi, thumbnailUrl } from './product-api';
import { ProductStatusBadge } from './product-ui';

export const byPosition = (a: AdminProduct, b: AdminProduct) =>
  a.position - b.position || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id);

/** Whether a product matches the search: its name, id or handle contains the words, in any case. */
export function matchesSearch(product: AdminProduct, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    product.id.toLowerCase() === q ||
    product.name.toLowerCase().includes(q) ||
    product.handle.toLowerCase().includes(q)
  );
}

type Direction = 'up' | 'down';

export function ProductsPage() {
  const id = useId();
  const [result, reload, replace] = useDeskData('products', productApi.list);
  const [search, setSearch] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const products = result.state === 'ready' ? [...result.data].sort(byPosition) : [];
  const focus = useKeepFocus(result);

  const move = useDeskAction(async (submission: string, product: AdminProduct, direction: Direction) => {
    const index = products.findIndex((p) => p.id === product.id);
    const neighbour = products[direction === 'up' ? index - 1 : index + 1];
    if (!neighbour) return;
    await productApi.update(product.id, { position: neighbour.position }, submission);
    let list = await productApi.list();
    // A server that sets the number without moving the others leaves two products in one place:
    // the neighbour takes the moved product's old place.
    if (list.some((p) => p.id === neighbour.id && p.position === neighbour.position)) {
      await productApi.update(neighbour.id, { position: product.position }, `${submission}-swap`);
      list = await productApi.list();
    }
    focus.focusAfterChange(`${product.id}-${direction}`);
    replace(list);
    const sorted = [...list].sort(byPosition);
    const place = sorted.findIndex((p) => p.id === product.id) + 1;
    setAnnouncement(`${product.name} moved ${direction} to position ${place} of ${sorted.length}.`);
  });

  const shown = products.filter((p) => matchesSearch(p, search));
  const searching = search.trim() !== '';

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading>Products</PageHeading>
        <a href={catalogueHref.newProduct()} className={buttonClass.primary}>
          New product
        </a>
      </div>
      <div className="mt-5 rounded-2xl border border-line bg-white p-4">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          Search products
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className={inputClass}
          value={search}
          placeholder="Name, id or handle"
          onChange={(e) => setSearch(e.target.value)}
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className="mt-2 text-sm text-muted">
          {result.state === 'ready'
            ? searching
              ? `${shown.length} of ${products.length} products. Clear the search to change the order.`
              : `${products.length} products, in the shop's featured order (the first 6 active ones are the best sellers).`
            : ''}
        </p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {move.error ? (
        <div className="mt-4">
          <ErrorMessage>{move.error}</ErrorMessage>
        </div>
      ) : null}
      <div className="mt-5">
        {result.state === 'loading' ? <Loading label="Loading the products…" /> : null}
        {result.state === 'error' ? <ErrorMessage>{result.message}</ErrorMessage> : null}
        {result.state === 'ready' && shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line px-4 py-10 text-center text-muted">
            {searching ? 'No products match this search.' : 'No products yet.'}
          </p>
        ) : null}
        {shown.length > 0 ? (
          <ProductList
            products={shown}
            reorder={!searching}
            first={products[0]?.id}
            last={products[products.length - 1]?.id}
            onMove={(product, direction) => void move.run(product, direction)}
            register={focus.register}
          />
        ) : null}
      </div>
      {result.state === 'ready' ? <FeedRefusals products={products} /> : null}
      <CsvSection onImported={reload} />
    </>
  );
}

/**
 * What Google, Meta and Pinterest would refuse of the products in the feeds, and why (docs/product/feeds.md
 * §18.1): no product is kept out of a channel without her knowing.
 */
function FeedRefusals({ products }: { readonly products: readonly AdminProduct[] }) {
  const id = useId();
  const refusals = feedRefusals(products);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 space-y-3 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id={`${id}-title`} className="font-serif text-xl">
        Shopping channels
      </h2>
      {refusals.length === 0 ? (
        <p className="text-sm text-muted">Google, Meta and Pinterest take every product in the feeds.</p>
      ) : (
        <>
          <p className="text-sm">A shopping channel will refuse these products until you change them:</p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {refusals.map((r) => (
              <li key={`${r.productId}-${r.reason}`}>
                <a href={catalogueHref.product(r.productId)} className="underline">
                  {r.name}
                </a>
                {` (${r.channels.join(', ')}): ${r.reason}.`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ProductList({
  products,
  reorder,
  first,
  last,
  onMove,
  register,
}: {
  readonly products: readonly AdminProduct[];
  readonly reorder: boolean;
  readonly first: string | undefined;
  readonly last: string | undefined;
  readonly onMove: (product: AdminProduct, direction: Direction) => void;
  readonly register: (key: string, element: HTMLElement | null) => void;
}) {
  const row =
    'grid grid-cols-[4rem_1fr_auto] items-center gap-x-3 gap-y-2 px-4 py-3 md:grid-cols-[4rem_3rem_1fr_6rem_6rem_15rem]';
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-white">
      <div
        aria-hidden="true"
        className={`${row} hidden border-b border-line bg-sand text-xs font-semibold text-muted uppercase md:grid`}
      >
        <span>Photo</span>
        <span>Id</span>
        <span>Name</span>
        <span className="text-right">Price</span>
        <span>Status</span>
        <span>{reorder ? 'Order' : ''}</span>
      </div>
      <ul aria-label="Products" className="divide-y divide-line">
        {products.map((product) => {
          const image = product.images[0];
          const thumb = image ? thumbnailUrl(image) : null;
          return (
            <li key={product.id} className={row}>
              {thumb ? (
                <img
                  src={thumb}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="row-span-2 size-16 rounded-lg bg-sand object-cover md:row-span-1"
                />
              ) : (
                <span className="row-span-2 flex size-16 items-center justify-center rounded-lg bg-sand text-center text-xs text-muted md:row-span-1">
                  No photo
                </span>
              )}
              <span className="hidden text-sm text-muted tabular-nums md:block">{product.id}</span>
              <span className="min-w-0">
                <a
                  href={catalogueHref.product(product.id)}
                  className="font-medium text-wine underline-offset-2 hover:underline"
                >
                  {product.name}
                </a>
                <span className="block truncate text-xs text-muted">
                  <span className="md:hidden">#{product.id} · </span>
                  {product.handle}
                </span>
              </span>
              <span className="text-right text-sm font-semibold tabular-nums">{money(product.price)}</span>
              <span className="col-start-2 md:col-start-auto">
                <ProductStatusBadge status={product.status} />
              </span>
              <span className="col-span-3 flex gap-2 md:col-span-1">
                {reorder ? (
                  <>
                    <MoveButton
                      product={product}
                      direction="up"
                      edge={product.id === first}
                      onMove={onMove}
                      register={register}
                    />
                    <MoveButton
                      product={product}
                      direction="down"
                      edge={product.id === last}
                      onMove={onMove}
                      register={register}
                    />
                  </>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Stays focusable at the ends of the list (aria-disabled, not disabled): a button that disables itself
 * under the keyboard's focus would drop the focus to the page.
 */
function MoveButton({
  product,
  direction,
  edge,
  onMove,
  register,
}: {
  readonly product: AdminProduct;
  readonly direction: Direction;
  readonly edge: boolean;
  readonly onMove: (product: AdminProduct, direction: Direction) => void;
  readonly register: (key: string, element: HTMLElement | null) => void;
}) {
  const key = `${product.id}-${direction}`;
  return (
    <button
      type="button"
      ref={(element) => register(key, element)}
      // The visible words first, then which product: the name starts with what a voice user says.
      aria-label={`${direction === 'up' ? 'Move up' : 'Move down'}: ${product.name}`}
      aria-disabled={edge ? true : undefined}
      onClick={() => {
        if (!edge) onMove(product, direction);
      }}
      className={`${buttonClass.secondary} flex-1 px-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 md:flex-none`}
    >
      {direction === 'up' ? 'Move up' : 'Move down'}
    </button>
  );
}

/** The file's text (FileReader: what every browser the owner may use has). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new DeskApiError(0, 'The file could not be read. Choose it again.'));
    reader.readAsText(file);
  });
}

function CsvSection({ onImported }: { readonly onImported: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<
    | { readonly kind: 'applied'; readonly count: number }
    | { readonly kind: 'rows'; readonly message: string; readonly rows: readonly ImportRow[] }
    | { readonly kind: 'error'; readonly message: string }
    | null
  >(null);
  const submission = useRef<string | null>(null);
  const sessionEnded = useContext(SessionEndedContext);

  const importFile = async () => {
    if (busy) return;
    if (!file) {
      setOutcome({ kind: 'error', message: 'Choose a CSV file first.' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    submission.current ??= newSubmissionKey();
    try {
      const count = await productApi.importCsv(await readText(file), submission.current);
      submission.current = null;
      setOutcome({ kind: 'applied', count });
      onImported();
    } catch (err) {
      if (!(err instanceof DeskApiError && err.status === 0)) submission.current = null;
      if (err instanceof DeskApiError && err.status === 401) {
        sessionEnded(err.message);
        return;
      }
      if (err instanceof CsvImportError) setOutcome({ kind: 'rows', message: err.message, rows: err.rows });
      else
        setOutcome({
          kind: 'error',
          message: err instanceof DeskApiError ? err.message : 'The import failed. Try again.',
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 space-y-4 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id={`${id}-title`} className="font-serif text-xl">
        Spreadsheet (CSV)
      </h2>
      <p className="text-sm text-muted">
        Export the products, change them in a spreadsheet, and import the file: rows are matched by{' '}
        <code>id</code>, every row is checked, and nothing is changed unless every row is right.
      </p>
      <a href={productApi.csvUrl()} download className={buttonClass.secondary}>
        Export products CSV
      </a>
      <div>
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          CSV file to import
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-white file:px-4"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            submission.current = null;
            setOutcome(null);
          }}
        />
      </div>
      <button type="button" className={buttonClass.primary} onClick={() => void importFile()} disabled={busy}>
        {busy ? 'Importing…' : 'Import'}
      </button>
      <div aria-live="polite">
        {outcome?.kind === 'applied' ? (
          <p className="rounded-lg bg-sand px-3 py-2 text-sm font-medium text-success">
            {outcome.count === 1 ? '1 product updated.' : `${outcome.count} products updated.`}
          </p>
        ) : null}
      </div>
      {outcome?.kind === 'error' ? <ErrorMessage>{outcome.message}</ErrorMessage> : null}
      {outcome?.kind === 'rows' ? (
        <div className="space-y-2">
          <ErrorMessage>{`${outcome.message} Nothing was changed.`}</ErrorMessage>
          <DataTable
            caption="Rows that need fixing"
            phone="scroll"
            rows={outcome.rows}
            rowKey={(row) => `${row.line}-${row.field}-${row.message}`}
            columns={[
              { header: 'Line', numeric: true, cell: (row) => row.line },
              { header: 'Field', cellClassName: 'font-mono', cell: (row) => row.field },
              { header: 'Problem', cell: (row) => row.message },
            ]}
          />
        </div>
      ) : null}
    </section>
  );
}
