import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ProductListResponse } from '@store/shared/catalog';
import { formatTaka } from '../../lib/format';
import { DEPARTMENTS } from './departments';
import { carriedParams, listingHref, readListingState, SORT_LABELS, type ListingScope } from './listing-query';
import { useHydrated } from './use-hydrated';
import { hrefHere } from '../../lib/locale';
import * as m from '@store/shared/i18n/messages';
import { formatCount } from '../../lib/format';
import { HydrateSeparately } from '../../preact/hydrate-separately';

export const FILTER_FORM_ID = 'listing-filters';
export const FILTER_DIALOG_ID = 'listing-filters-sheet';

/** The form's fields as the URL it stands for, in canonical form. */
function formHref(basePath: string, form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
  return listingHref(basePath, params);
}

/** With JS the form navigates on each change (no reload, scroll kept); without JS it is a plain GET form. */
export function useFilterSubmit(basePath: string) {
  const navigate = useNavigate();
  return (form: HTMLFormElement) => navigate(formHref(basePath, form), { preventScrollReset: true });
}

/** 'womens-fragrance' → 'Womens fragrance': a label for a handle the facets do not name. */
export function humanize(handle: string): string {
  const words = handle.replaceAll('-', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One filter; each is hydrated in a task of its own (a brand list is dozens of choices). */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <HydrateSeparately>
      <fieldset className="border-b border-line py-5 first:pt-0 last:border-b-0">
        <legend className="float-left mb-3 w-full text-xs font-semibold uppercase tracking-[0.08em] text-ink">{title}</legend>
        <div className="clear-both flex flex-col gap-0.5">{children}</div>
      </fieldset>
    </HydrateSeparately>
  );
}

function Choice({
  type,
  name,
  value,
  checked,
  label,
  count,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  checked: boolean;
  label: string;
  count?: number;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md py-1.5 text-sm text-ink hover:text-brand-dark">
      <input type={type} name={name} value={value} defaultChecked={checked} className="size-4 shrink-0 accent-brand" />
      <span className="flex-1">{label}</span>
      {count !== undefined && <span className="text-xs tabular-nums text-muted">{count}</span>}
    </label>
  );
}

type Props = {
  basePath: string;
  search: URLSearchParams;
  facets: ProductListResponse['facets'] | null;
  scope?: ListingScope;
  count: number;
};

/**
 * The listing's filters: department, brands (several), category, price range in taka, on sale, in
 * stock. One GET form whose fields are the URL's query; a left column on desktop, a sheet on phones.
 * The form is keyed by the URL so its uncontrolled fields follow back/forward navigation.
 */
export function ListingFilters({ basePath, search, facets, scope = {}, count }: Props) {
  const state = readListingState(search);
  const submit = useFilterSubmit(basePath);
  const formRef = useRef<HTMLFormElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  // A choice applies as soon as it is made (the native change event, not React's per-keystroke one).
  // A price applies with Go or Enter only: applying it when the field is left would remount the form
  // while the shopper types the other end of the range, and throw that away.
  const refocus = useRef<{ name: string; value: string } | null>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onChange = (e: Event) => {
      const field = e.target as HTMLInputElement;
      if (field.type === 'number') return;
      refocus.current = { name: field.name, value: field.type === 'checkbox' || field.type === 'radio' ? field.value : '' };
      submit(form);
    };
    form.addEventListener('change', onChange);
    return () => form.removeEventListener('change', onChange);
  });

  // The form is keyed by the URL, so a change remounts it: give the focus back to the field the
  // shopper just used, or a keyboard user would start again from the top of the page.
  const url = search.toString();
  useEffect(() => {
    const target = refocus.current;
    refocus.current = null;
    if (!target || !formRef.current) return;
    const selector = target.value
      ? `[name="${CSS.escape(target.name)}"][value="${CSS.escape(target.value)}"]`
      : `[name="${CSS.escape(target.name)}"]`;
    formRef.current.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  }, [url]);

  const price = facets?.price;
  const priceHint = price && price.max > 0 ? `${formatTaka(price.min)} – ${formatTaka(price.max)}` : null;
  const brandFacets = facets?.brands ?? [];
  const selectedBrands = new Set(state.brands);
  // A brand in the URL but outside the current facets (another department) stays visible and removable.
  const brandOptions = [
    ...brandFacets,
    ...state.brands.filter((b) => !brandFacets.some((f) => f.value === b)).map((b) => ({ value: b, label: b, count: 0 })),
  ];

  // A category from a menu link (a parent such as 'skincare') is not among the leaf facets: list it first, chosen.
  const categoryFacets = facets?.categories ?? [];
  const categoryOptions =
    state.category && !categoryFacets.some((c) => c.value === state.category)
      ? [{ value: state.category, label: humanize(state.category), count: 0 }, ...categoryFacets]
      : categoryFacets;

  return (
    <dialog
      id={FILTER_DIALOG_ID}
      ref={dialogRef}
      aria-label={m.listing_filters()}
      closedby="any"
      className="m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none bg-white p-0 text-ink backdrop:bg-black/40 open:flex open:flex-col lg:static lg:block lg:h-auto lg:w-60 lg:shrink-0 lg:bg-transparent"
    >
      <div className="flex items-center justify-between border-b border-line px-5 py-4 lg:hidden">
        <h2 className="text-base font-semibold">{m.listing_filters()}</h2>
        <button
          type="button"
          {...{ commandfor: FILTER_DIALOG_ID, command: 'close' }}
          onClick={() => dialogRef.current?.close()}
          aria-label={m.listing_close_filters()}
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-full text-2xl leading-none hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand"
        >
          ×
        </button>
      </div>
      <form
        id={FILTER_FORM_ID}
        key={search.toString()}
        ref={formRef}
        method="get"
        action={hrefHere(basePath)}
        onSubmit={(e) => {
          e.preventDefault();
          submit(e.currentTarget);
        }}
        className="flex-1 overflow-y-auto px-5 py-5 lg:overflow-visible lg:p-0"
      >
        {carriedParams(search).map(([key, value], i) => (
          <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
        ))}
        {scope.department === undefined && (
          <Group title={m.listing_department()}>
            <Choice type="radio" name="department" value="" checked={state.department === ''} label={m.listing_all_departments()} />
            {DEPARTMENTS.map((d) => (
              <Choice
                key={d.param}
                type="radio"
                name="department"
                value={d.param}
                checked={state.department === d.param}
                label={d.label()}
              />
            ))}
          </Group>
        )}
        {categoryOptions.length > 0 && (
          <Group title={m.listing_category()}>
            <div className="-mr-2 flex max-h-64 flex-col gap-0.5 overflow-y-auto pr-2">
              <Choice type="radio" name="category" value="" checked={state.category === ''} label={m.listing_all_categories()} />
              {categoryOptions.map((c) => (
                <Choice
                  key={c.value}
                  type="radio"
                  name="category"
                  value={c.value}
                  checked={state.category === c.value}
                  label={c.label}
                  count={c.count || undefined}
                />
              ))}
            </div>
          </Group>
        )}
        {scope.brand === undefined && brandOptions.length > 0 && (
          <Group title={m.listing_brand()}>
            <div className="-mr-2 flex max-h-64 flex-col gap-0.5 overflow-y-auto pr-2">
              {brandOptions.map((b) => (
                <Choice
                  key={b.value}
                  type="checkbox"
                  name="brand"
                  value={b.value}
                  checked={selectedBrands.has(b.value)}
                  label={b.label}
                  count={b.count || undefined}
                />
              ))}
            </div>
          </Group>
        )}
        <Group title={m.listing_price()}>
          <div className="flex items-end gap-2">
            <label className="flex flex-1 flex-col gap-1 text-xs text-muted">
              {m.listing_min()}
              <input
                type="number"
                name="price_min"
                inputMode="numeric"
                min={0}
                step={1}
                defaultValue={state.price_min}
                placeholder={price ? String(Math.floor(price.min / 100)) : '0'}
                className="w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm text-ink outline-none focus:border-ink"
              />
            </label>
            <span className="pb-2 text-muted" aria-hidden="true">
              –
            </span>
            <label className="flex flex-1 flex-col gap-1 text-xs text-muted">
              {m.listing_max()}
              <input
                type="number"
                name="price_max"
                inputMode="numeric"
                min={0}
                step={1}
                defaultValue={state.price_max}
                placeholder={price ? String(Math.ceil(price.max / 100)) : ''}
                className="w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm text-ink outline-none focus:border-ink"
              />
            </label>
            <button
              type="submit"
              className="rounded-lg border border-ink px-3 py-2 text-sm font-medium hover:bg-ink hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              {m.listing_go()}
            </button>
          </div>
          {priceHint && <p className="mt-2 text-xs text-muted">{m.listing_prices_here({ range: priceHint })}</p>}
        </Group>
        <Group title={m.listing_availability()}>
          <Choice type="checkbox" name="on_sale" value="true" checked={state.on_sale} label={m.listing_on_sale()} />
          <Choice type="checkbox" name="in_stock" value="true" checked={state.in_stock} label={m.listing_in_stock()} />
        </Group>
        {/* Without JS, desktops apply with this (phones with the sheet's footer); with JS every change applies itself. */}
        <noscript>
          <button type="submit" className="mt-2 w-full rounded-full bg-ink py-3 text-sm font-semibold text-white max-lg:hidden">
            {m.listing_apply_filters()}
          </button>
        </noscript>
      </form>
      <div className="flex gap-3 border-t border-line px-5 py-4 lg:hidden">
        <a
          href={hrefHere(basePath)}
          className="inline-flex flex-1 items-center justify-center rounded-full border border-ink py-3 text-sm font-semibold text-ink"
        >
          {m.listing_clear_all()}
        </a>
        <ShowResults count={count} onClose={() => dialogRef.current?.close()} />
      </div>
    </dialog>
  );
}

/**
 * The sheet's 'Apply' (without JS it sends the form), 'Show N products' once hydrated (the results
 * behind the sheet are already current: it closes the sheet). A component of its own, so that its
 * change on hydration renders it alone, not the filters, whose groups wait for their own turns.
 */
function ShowResults({ count, onClose }: { count: number; onClose: () => void }) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      form={FILTER_FORM_ID}
      onClick={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="flex-[2] rounded-full bg-brand py-3 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
    >
      {hydrated ? (count === 1 ? m.listing_show_one : m.listing_show_other)({ count: formatCount(count) }) : m.listing_apply()}
    </button>
  );
}

/** The phones' 'Filter' button: opens the sheet, through Invoker Commands without JS and showModal with it. */
export function FilterButton({ active }: { active: number }) {
  return (
    <button
      type="button"
      {...{ commandfor: FILTER_DIALOG_ID, command: 'show-modal' }}
      onClick={(e) => {
        // Where Invoker Commands are unknown the attribute does nothing; open it ourselves.
        if (!('command' in HTMLButtonElement.prototype))
          (document.getElementById(FILTER_DIALOG_ID) as HTMLDialogElement | null)?.showModal();
        e.currentTarget.blur();
      }}
      className="inline-flex items-center gap-2 rounded-full border border-ink px-4 py-2 text-sm font-semibold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand lg:hidden"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <path d="M4 6h16M7 12h10M10 18h4" />
      </svg>
      {active > 0 ? m.listing_filter_count({ count: formatCount(active) }) : m.listing_filter()}
    </button>
  );
}

/** Sort, a field of the filter form (form=…) although it sits in the toolbar. */
export function SortSelect({ value }: { value: string }) {
  const searching = new URLSearchParams(useLocation().search).has('search');
  // Uncontrolled (it submits itself) but following the URL on back/forward; no remount, so focus stays.
  // Only a change of the URL moves it: a choice made before hydration stays for the page to apply.
  const ref = useRef<HTMLSelectElement>(null);
  const followed = useRef(value);
  useEffect(() => {
    if (followed.current === value) return;
    followed.current = value;
    if (ref.current && ref.current.value !== value) ref.current.value = value;
  }, [value]);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="listing-sort" className="text-sm text-muted max-sm:sr-only">
        {m.listing_sort_by()}
      </label>
      <select
        id="listing-sort"
        name="sort"
        form={FILTER_FORM_ID}
        ref={ref}
        defaultValue={value}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className="rounded-full border border-neutral-300 bg-white py-2 pr-8 pl-4 text-sm font-medium text-ink outline-none focus:border-ink"
      >
        {Object.entries(SORT_LABELS)
          // Relevance means something only for search results.
          .filter(([key]) => key !== 'relevance' || searching)
          .map(([key, label]) => (
            <option key={key} value={key}>
              {label()}
            </option>
          ))}
      </select>
      {/* In <noscript>, not removed on hydration: the toolbar must not shift when the script arrives. */}
      <noscript>
        <button type="submit" form={FILTER_FORM_ID} className="rounded-full border border-ink px-3 py-2 text-sm font-medium">
          {m.listing_sort_button()}
        </button>
      </noscript>
    </div>
  );
}
