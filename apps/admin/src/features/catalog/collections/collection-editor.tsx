import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useEffect, useId, useState } from 'react';
import { Controller, get, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import {
  AdminCollectionInputSchema,
  type AdminBrand,
  type AdminCollection,
  type AdminCollectionInput,
  type CollectionKind,
  type CollectionRule,
  type ProductOption,
  ruleHasCondition,
} from '@store/shared/admin-catalog-brands';
import { DEPARTMENT_KEYS, type DepartmentKey } from '@store/shared/constants';
import { IdParamSchema } from '@store/shared/input';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField, inputClass } from '../../../components/ui/field';
import { NoticeAndSave } from '../../../components/ui/save-box';
import { PageHeader, Section, textLinkClass } from '../../../components/ui/page';
import { ApiError, api } from '../../../lib/api';
import { apiErrorToForm, errorMessage } from '../../../lib/forms';
import { DEPARTMENT_LABELS } from '../../content/banners/labels';
import { useLeaveGuard } from '../../content/leave-guard';
import { KIND_LABELS, collectionAddress } from './collections-list';
import { useProductSearch } from './use-product-search';

/**
 * The form as the screen holds it: text boxes hold text, the rule always has its fields. What is
 * sent is the shared schema's input (toInput), and the same schema checks it before it goes.
 */
type CollectionForm = {
  title: string;
  title_bn: string;
  handle: string;
  department: DepartmentKey;
  /** '' : not on the home page. */
  home_position: string;
  kind: CollectionKind;
  rule: { tags: string; brand_ids: number[]; price_min: string; price_max: string; on_sale: 'any' | 'yes' | 'no' };
  products: ProductOption[];
};
const FIELDS = ['title', 'title_bn', 'handle', 'department', 'home_position', 'kind', 'rule'] as const;

type CollectionData = { collection: AdminCollection | null; brands: AdminBrand[] };

export async function collectionLoader({ request, params }: LoaderFunctionArgs): Promise<CollectionData> {
  const brands = api.get<{ data: AdminBrand[] }>('/catalog/brands/', request.signal);
  if (params.id === undefined) return { collection: null, brands: (await brands).data };
  const id = IdParamSchema.safeParse(params.id);
  if (!id.success) throw new Response('Not found', { status: 404 });
  const [collection, list] = await Promise.all([
    api.get<{ data: AdminCollection }>(`/catalog/collections/${id.data}/`, request.signal),
    brands,
  ]);
  return { collection: collection.data, brands: list.data };
}

/** A number box's text as a number, or undefined when blank; text that is no number is kept, for the schema to refuse. */
const numberOrBlank = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));

function toRule(rule: CollectionForm['rule']): CollectionRule {
  const tags = rule.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const out: CollectionRule = {};
  if (tags.length) out.tags = tags;
  if (rule.brand_ids.length) out.brand_ids = rule.brand_ids;
  const min = numberOrBlank(rule.price_min);
  const max = numberOrBlank(rule.price_max);
  if (min !== undefined) out.price_min = min;
  if (max !== undefined) out.price_max = max;
  if (rule.on_sale !== 'any') out.on_sale = rule.on_sale === 'yes';
  return out;
}

function toInput(values: CollectionForm): z.input<typeof AdminCollectionInputSchema> {
  return {
    title: values.title,
    title_bn: values.title_bn,
    handle: values.handle,
    department: values.department,
    home_position: values.home_position.trim() === '' ? null : Number(values.home_position),
    kind: values.kind,
    rule: values.kind === 'rule' ? toRule(values.rule) : null,
    product_ids: values.kind === 'manual' ? values.products.map((p) => p.id) : [],
  };
}

function toForm(collection: AdminCollection | null): CollectionForm {
  const rule = collection?.rule ?? {};
  return {
    title: collection?.title ?? '',
    title_bn: collection?.title_bn ?? '',
    handle: collection?.handle ?? '',
    department: collection?.department ?? '',
    home_position: collection?.home_position == null ? '' : String(collection.home_position),
    kind: collection?.kind ?? 'manual',
    rule: {
      tags: (rule.tags ?? []).join(', '),
      brand_ids: rule.brand_ids ?? [],
      price_min: rule.price_min === undefined ? '' : String(rule.price_min),
      price_max: rule.price_max === undefined ? '' : String(rule.price_max),
      on_sale: rule.on_sale === undefined ? 'any' : rule.on_sale ? 'yes' : 'no',
    },
    products: collection?.kind === 'manual' ? collection.products : [],
  };
}

/** The shared schema checks what would be sent; its messages land on the screen's fields (same names). */
const schemaResolver = zodResolver(AdminCollectionInputSchema);
const resolver: Resolver<CollectionForm, unknown, AdminCollectionInput> = async (values, context, options) => {
  const result = await schemaResolver(toInput(values), context, { ...options, fields: {}, names: [] });
  // The schema's error paths are the form's field names (rule.tags, rule.price_min…); only their value types differ.
  if (Object.keys(result.errors).length) return { values: {}, errors: result.errors as FieldErrors<CollectionForm> };
  return { values: result.values as AdminCollectionInput, errors: {} };
};

export function CollectionEditorPage() {
  const { collection, brands } = useLoaderData<CollectionData>();
  return <CollectionEditor key={collection?.id ?? 'new'} initial={collection} brands={brands} />;
}

/** A collection: title, address, department, home slider, and its members (hand-picked or by rule). */
function CollectionEditor({ initial, brands }: { initial: AdminCollection | null; brands: AdminBrand[] }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState(initial);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });
  const form = useForm<CollectionForm, unknown, AdminCollectionInput>({ resolver, defaultValues: toForm(initial) });
  const { register, control, formState, watch, handleSubmit, setError, reset } = form;
  const guard = useLeaveGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { data } = saved
        ? await api.patch<{ data: AdminCollection }>(`/catalog/collections/${saved.id}/`, { ...values, updated_at: saved.updated_at })
        : await api.post<{ data: AdminCollection }>('/catalog/collections/', values);
      const text = `Saved: ${data.product_count} product${data.product_count === 1 ? '' : 's'}. Shoppers see it now.`;
      if (!saved) {
        guard.allowLeave();
        await navigate(`/catalog/collections/${data.id}`, { replace: true, state: { notice: text } });
        return;
      }
      setSaved(data);
      reset(toForm(data));
      setNotice({ tone: 'success', text });
    } catch (error) {
      const message = apiErrorToForm(error, setError, FIELDS);
      setNotice({ tone: 'error', text: message ?? 'Check the fields marked below.' });
    }
  });

  const kind = watch('kind');
  const handle = watch('handle');
  const department = watch('department');
  const ruleError = (name: string): string | undefined =>
    (get(formState.errors, `rule.${name}`) as { message?: string } | undefined)?.message;
  const productsError = (get(formState.errors, 'product_ids') as { message?: string } | undefined)?.message;

  return (
    <div>
      <PageHeader
        title={saved ? `Edit collection: ${saved.title}` : 'New collection'}
        description={
          saved
            ? `${saved.product_count} product${saved.product_count === 1 ? '' : 's'}, listed at ${collectionAddress(saved.handle, saved.department)}.`
            : 'Hand-pick its products, or give a rule and the shop keeps it up to date.'
        }
        action={
          <Link to="/catalog/collections" className={textLinkClass}>
            All collections
          </Link>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Collection" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Collection">
            <div className="space-y-4">
              {/* English and Bangla side by side on a wide screen, one under the other on a phone. */}
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Title" error={formState.errors.title?.message} {...register('title')} />
                <TextField
                  label="Bangla name"
                  lang="bn"
                  hint="The home slider's heading on Bangla pages. Empty: they show the English title."
                  error={formState.errors.title_bn?.message}
                  {...register('title_bn')}
                />
              </div>
              <TextField
                label="Address"
                autoCapitalize="none"
                spellCheck={false}
                hint={`Listed at ${collectionAddress(handle || 'address', department)}. Lowercase letters, digits and dashes.`}
                error={formState.errors.handle?.message}
                {...register('handle')}
              />
            </div>
          </Section>
          <Section title="Products" description="Which products belong to the collection.">
            <div className="space-y-4">
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-ink">Members</legend>
                <div className="flex flex-wrap gap-x-6 gap-y-2">
                  {(['manual', 'rule'] as const).map((value) => (
                    <label key={value} className="flex min-h-10 items-center gap-2 text-sm">
                      <input type="radio" value={value} className="size-4 accent-brand" {...register('kind')} />
                      {value === 'manual' ? 'Hand-picked, in my order' : 'By rule, newest first'}
                    </label>
                  ))}
                </div>
              </fieldset>
              {kind === 'manual' ? (
                <Controller
                  control={control}
                  name="products"
                  render={({ field }) => <ProductPicker value={field.value} onChange={field.onChange} error={productsError} />}
                />
              ) : (
                <RuleFields form={form} brands={brands} department={department} error={ruleError} />
              )}
              {kind === 'rule' && saved?.kind === 'rule' && saved.products.length ? (
                <div>
                  <h3 className="text-sm font-medium text-ink">
                    In the collection now{saved.product_count > saved.products.length ? ` (the newest ${saved.products.length})` : ''}
                  </h3>
                  <ul className="mt-2 divide-y divide-line rounded-md border border-line">
                    {saved.products.map((p) => (
                      <ProductRow key={p.id} product={p} />
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </Section>
        </div>
        <div className="min-w-0 space-y-6">
          <Section title="Where it shows">
            <div className="space-y-4">
              <SelectField label="Department" error={formState.errors.department?.message} {...register('department')}>
                {DEPARTMENT_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {DEPARTMENT_LABELS[key]}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Home slider order"
                inputMode="numeric"
                hint="A number (0 comes first) shows it as a slider on the department’s home page. Empty: not on the home page."
                error={formState.errors.home_position?.message}
                {...register('home_position')}
              />
              <NoticeAndSave notice={notice} submitting={formState.isSubmitting} />
              {saved ? <p className="text-xs text-muted">Members now: {KIND_LABELS[saved.kind]}.</p> : null}
            </div>
          </Section>
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}

function ProductRow({ product, children }: { product: ProductOption; children?: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-testid="collection-product">
      {product.image ? (
        <img src={product.image.mobile} alt="" className="size-10 shrink-0 rounded object-cover" />
      ) : (
        <span className="size-10 shrink-0 rounded bg-neutral-100" />
      )}
      {/* On a phone the buttons wrap below the name rather than squeezing it. */}
      <div className="min-w-40 flex-1">
        <div className="truncate text-sm font-medium text-ink">{product.name}</div>
        <div className="truncate text-xs text-muted">{product.brand}</div>
      </div>
      {children}
    </li>
  );
}

/** The hand-picked list: search by name to add, then move up, down or remove. */
function ProductPicker({
  value,
  onChange,
  error,
}: {
  value: ProductOption[];
  onChange: (next: ProductOption[]) => void;
  error: string | undefined;
}) {
  const searchId = useId();
  const { q, setQ, found, searchError } = useProductSearch();
  const chosen = new Set(value.map((p) => p.id));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={searchId} className="block text-sm font-medium text-ink">
          Add products
        </label>
        <input
          id={searchId}
          type="search"
          className={inputClass}
          placeholder="Search by name"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        {searchError ? <p className="text-sm text-red-700">{searchError}</p> : null}
      </div>
      {found.length ? (
        <ul aria-label="Search results" className="max-h-64 divide-y divide-line overflow-y-auto rounded-md border border-line">
          {found.map((p) => (
            <ProductRow key={p.id} product={p}>
              <Button
                variant="secondary"
                className="min-h-9 shrink-0 px-3"
                disabled={chosen.has(p.id)}
                aria-label={`Add ${p.name}`}
                onClick={() => onChange([...value, p])}
              >
                {chosen.has(p.id) ? 'Added' : 'Add'}
              </Button>
            </ProductRow>
          ))}
        </ul>
      ) : q.trim() ? (
        <p className="text-sm text-muted">No product matches yet.</p>
      ) : null}
      <div>
        <h3 className="text-sm font-medium text-ink">In this order ({value.length})</h3>
        {value.length ? (
          <ol aria-label="Products in the collection" className="mt-2 divide-y divide-line rounded-md border border-line">
            {value.map((p, i) => (
              <ProductRow key={p.id} product={p}>
                <div className="ml-auto flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2"
                    disabled={i === 0}
                    aria-label={`Move ${p.name} up`}
                    onClick={() => move(i, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2"
                    disabled={i === value.length - 1}
                    aria-label={`Move ${p.name} down`}
                    onClick={() => move(i, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2 text-red-700"
                    aria-label={`Remove ${p.name}`}
                    onClick={() => onChange(value.filter((other) => other.id !== p.id))}
                  >
                    Remove
                  </Button>
                </div>
              </ProductRow>
            ))}
          </ol>
        ) : (
          <p className="mt-1 text-sm text-muted">No products yet: search above to add some.</p>
        )}
        {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
      </div>
    </div>
  );
}

/** The rule's fields and the live count of the products it takes in. */
function RuleFields({
  form,
  brands,
  department,
  error,
}: {
  form: ReturnType<typeof useForm<CollectionForm, unknown, AdminCollectionInput>>;
  brands: AdminBrand[];
  department: DepartmentKey;
  error: (name: string) => string | undefined;
}) {
  const { register, control, watch } = form;
  const rule = watch('rule');
  const [count, setCount] = useState<{ text: string; tone: 'ok' | 'error' | 'hint' } | null>(null);
  const key = JSON.stringify([department, toRule(rule)]);
  useEffect(() => {
    const [dept, asked] = JSON.parse(key) as [DepartmentKey, CollectionRule];
    // Nothing to count until a condition is given: say what to do, not an error.
    if (!ruleHasCondition(asked)) {
      setCount({ text: 'Give a condition to see how many products match.', tone: 'hint' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .post<{ data: { count: number } }>('/catalog/collections/rule-preview/', { department: dept, rule: asked })
        .then(({ data }) => {
          if (!controller.signal.aborted) setCount({ text: `${data.count} product${data.count === 1 ? '' : 's'} match`, tone: 'ok' });
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          const fields = err instanceof ApiError ? Object.values(err.fields) : [];
          setCount({ text: fields[0] ?? errorMessage(err), tone: 'error' });
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  const [brandFilter, setBrandFilter] = useState('');
  const shown = brands.filter((b) => b.department === department && b.name.toLowerCase().includes(brandFilter.trim().toLowerCase()));
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        A product belongs when it matches every condition you give, in this department, and is published.
      </p>
      <TextField
        label="Tags"
        autoCapitalize="none"
        hint="Any one of these tags, separated by commas. Empty: any tags."
        error={error('tags')}
        {...register('rule.tags')}
      />
      <Controller
        control={control}
        name="rule.brand_ids"
        render={({ field }) => (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-ink">Brands (any one of them; none ticked: any brand)</legend>
            <input
              type="search"
              aria-label="Filter brands"
              placeholder="Filter brands"
              className={inputClass}
              value={brandFilter}
              onChange={(event) => setBrandFilter(event.target.value)}
            />
            <div className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-line p-2">
              {shown.length === 0 ? <p className="text-sm text-muted">No brand in this department matches.</p> : null}
              {shown.map((brand) => (
                <label key={brand.id} className="flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand"
                    checked={field.value.includes(brand.id)}
                    onChange={(event) =>
                      field.onChange(event.target.checked ? [...field.value, brand.id] : field.value.filter((id) => id !== brand.id))
                    }
                  />
                  {brand.name}
                </label>
              ))}
            </div>
            {error('brand_ids') ? <p className="text-sm text-red-700">{error('brand_ids')}</p> : null}
          </fieldset>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Lowest price (taka)"
          inputMode="numeric"
          hint="After discount. Empty: no limit."
          error={error('price_min')}
          {...register('rule.price_min')}
        />
        <TextField
          label="Highest price (taka)"
          inputMode="numeric"
          hint="After discount. Empty: no limit."
          error={error('price_max')}
          {...register('rule.price_max')}
        />
      </div>
      <SelectField label="On sale" error={error('on_sale')} {...register('rule.on_sale')}>
        <option value="any">Any</option>
        <option value="yes">On sale only</option>
        <option value="no">Not on sale</option>
      </SelectField>
      {count ? (
        <p
          role="status"
          data-testid="rule-count"
          className={`text-sm ${count.tone === 'ok' ? 'font-semibold text-ink' : count.tone === 'error' ? 'font-semibold text-red-700' : 'text-muted'}`}
        >
          {count.text}
        </p>
      ) : null}
    </div>
  );
}
