import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useController, useForm, useWatch } from 'react-hook-form';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import {
  AdminProductInputSchema,
  PRODUCT_LIMITS,
  perfumeTypeTag,
  type AdminCatalogOptions,
  type AdminProduct,
  type AdminProductValues,
  type ProductState,
} from '@store/shared/admin-catalog';
import { DEPARTMENT_KEYS, PERFUME_TYPES, SHOP_NAME } from '@store/shared/constants';
import { discountedPrice } from '@store/shared/money';
import { IdParamSchema } from '@store/shared/input';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { PageHeader, Section, textLinkClass } from '../../../components/ui/page';
import { Switch } from '../../../components/ui/switch';
import { api } from '../../../lib/api';
import { DEPARTMENT_LABELS } from '../../../lib/departments';
import { formatDateTime } from '../../../lib/format';
import { apiErrorToForm, errorMessage } from '../../../lib/forms';
import { useLeaveGuard } from '../../content/leave-guard';
import { CharacterCount, PublishingSection, StateBadge, type Notice } from '../../content/shared';
import { CardPricePreview, SearchResultPreview, TagInput } from './product-parts';
import { PicturesSection } from './product-pictures';
import { VariantsSection, emptyVariant, type ProductForm } from './product-variants';
import { BilingualRichText } from '../../../components/ui/bilingual-rich-text';

const FIELDS = [
  'handle',
  'name',
  'body_html',
  'name_bn',
  'body_html_bn',
  'brand_id',
  'department',
  'category_id',
  'collection_ids',
  'tags',
  'title_tag',
  'description_tag',
  'show_max_discount_on_detail_page',
  'show_max_discount_on_homepage',
  'sale',
  'status',
  'publish_at',
  'option',
  'images',
  'variants',
] as const;

const PRODUCT_STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
] as const;

/** About what a search result shows of a title; longer ones are cut there, not refused. */
const SEARCH_TITLE_SHOWN = 70;

type EditorData = { product: AdminProduct | null; options: AdminCatalogOptions };

/** The product being edited (null for a new one) and what its pickers offer. */
export async function productLoader({ request, params }: LoaderFunctionArgs): Promise<EditorData> {
  let productCall: Promise<AdminProduct | null> = Promise.resolve(null);
  if (params.id !== undefined) {
    const id = IdParamSchema.safeParse(params.id);
    if (!id.success) throw new Response('Not found', { status: 404 });
    productCall = api.get<{ data: AdminProduct }>(`/catalog/products/${id.data}/`, request.signal).then((r) => r.data);
  }
  const [product, options] = await Promise.all([
    productCall,
    api.get<{ data: AdminCatalogOptions }>('/catalog/options/', request.signal).then((r) => r.data),
  ]);
  return { product, options };
}

/** A handle from a name: "Rose Water 100 ml" → "rose-water-100-ml". */
export const handleFromName = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_LIMITS.handle)
    .replace(/-+$/, '');

function toForm(product: AdminProduct | null): ProductForm {
  if (!product) {
    return {
      handle: '',
      name: '',
      body_html: '',
      name_bn: '',
      body_html_bn: '',
      brand_id: Number.NaN,
      department: '',
      category_id: null,
      collection_ids: [],
      tags: [],
      title_tag: '',
      description_tag: '',
      show_max_discount_on_detail_page: true,
      show_max_discount_on_homepage: true,
      sale: false,
      status: 'draft',
      publish_at: null,
      option: 'size',
      images: [],
      variants: [emptyVariant()],
    };
  }
  return {
    handle: product.handle,
    name: product.name,
    body_html: product.body_html,
    name_bn: product.name_bn,
    body_html_bn: product.body_html_bn,
    brand_id: product.brand.id,
    department: product.department,
    category_id: product.category_id,
    collection_ids: product.collection_ids,
    tags: product.tags,
    title_tag: product.title_tag,
    description_tag: product.description_tag,
    show_max_discount_on_detail_page: product.max_discount.show_on_detail_page,
    show_max_discount_on_homepage: product.max_discount.show_on_homepage,
    sale: product.sale,
    status: product.status,
    publish_at: product.state === 'scheduled' ? product.publish_at : null,
    option: product.option,
    images: product.images.map((i) => ({ ...i })),
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      title: v.title,
      swatch: v.swatch,
      price: v.price,
      discount: v.discount,
      barcode: v.barcode,
      stock: v.stock,
    })),
  };
}

/** What a save says, by where the product stands now. */
function savedText(state: ProductState, publishAt: string): string {
  if (state === 'draft') return 'Saved as a draft. Shoppers do not see it.';
  if (state === 'archived') return 'Archived. Shoppers no longer see it.';
  if (state === 'scheduled') return `Saved. Shoppers see it from ${formatDateTime(publishAt)} (Dhaka time).`;
  return 'Saved. Shoppers see it now.';
}

export function ProductEditorPage() {
  const { product, options } = useLoaderData<EditorData>();
  return <ProductEditor key={product?.id ?? 'new'} initial={product} options={options} />;
}

/** A product: its words, pictures, variants and prices, where it sits in the catalog, search texts, and publishing. */
function ProductEditor({ initial, options }: { initial: AdminProduct | null; options: AdminCatalogOptions }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState(initial);
  const [notice, setNotice] = useState<Notice | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });
  const [duplicating, setDuplicating] = useState(false);
  const form = useForm<ProductForm, unknown, AdminProductValues>({
    resolver: zodResolver(AdminProductInputSchema),
    defaultValues: toForm(initial),
  });
  const { register, control, formState, handleSubmit, setError, reset, setValue, getValues } = form;
  const errors = formState.errors;
  const guard = useLeaveGuard(formState.isDirty);
  const publishAt = useController({ control, name: 'publish_at' });
  const [name, handle, department, status, tags, titleTag, descriptionTag, bodyHtml, variants, brandId, showOnDetail, showOnHome] =
    useWatch({
      control,
      name: [
        'name',
        'handle',
        'department',
        'status',
        'tags',
        'title_tag',
        'description_tag',
        'body_html',
        'variants',
        'brand_id',
        'show_max_discount_on_detail_page',
        'show_max_discount_on_homepage',
      ],
    });

  const categories = useMemo(() => {
    const inDept = options.categories.filter((c) => c.department === department);
    const byId = new Map(inDept.map((c) => [c.id, c]));
    return inDept.map((c) => ({
      id: c.id,
      label: c.parent_id && byId.get(c.parent_id) ? `${byId.get(c.parent_id)!.name} › ${c.name}` : c.name,
    }));
  }, [options.categories, department]);
  const collections = options.collections.filter((c) => c.department === department);
  const brandName = options.brands.find((b) => b.id === brandId)?.name ?? '';
  const priced = variants.map((v) => ({
    price: v.price,
    discounted: discountedPrice(v.price, Number.isFinite(v.discount) ? v.discount : 0),
  }));
  const maxDiscount = Math.max(0, ...variants.map((v) => (Number.isFinite(v.discount) ? v.discount : 0)));
  const perfume = perfumeTypeTag(tags);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { data } = saved
        ? await api.patch<{ data: AdminProduct }>(`/catalog/products/${saved.id}/`, { ...values, updated_at: saved.updated_at })
        : await api.post<{ data: AdminProduct }>('/catalog/products/', values);
      const text = savedText(data.state, data.publish_at);
      if (!saved) {
        guard.allowLeave();
        await navigate(`/catalog/products/${data.id}`, { replace: true, state: { notice: text } });
        return;
      }
      setSaved(data);
      reset(toForm(data));
      setNotice({ tone: 'success', text });
    } catch (error) {
      const message = apiErrorToForm(error, setError, FIELDS);
      setNotice({ tone: 'error', text: message ?? 'Check the fields marked above.' });
    }
  });

  async function duplicate() {
    if (!saved) return;
    setDuplicating(true);
    try {
      const { data } = await api.post<{ data: AdminProduct }>(`/catalog/products/${saved.id}/duplicate/`);
      await navigate(`/catalog/products/${data.id}`, {
        state: { notice: 'This is a draft copy: change its name and address, then publish it.' },
      });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setDuplicating(false);
    }
  }

  const storeUrl = saved?.url ?? '';
  return (
    <div>
      <PageHeader
        title={saved ? saved.name : 'New product'}
        description={
          saved
            ? `${saved.brand.name} · ${DEPARTMENT_LABELS[saved.department]}`
            : 'A product starts as a draft: only staff see it until it is active.'
        }
        action={
          <div className="flex flex-wrap items-center gap-3">
            {saved ? <StateBadge state={saved.state} /> : null}
            {saved?.state === 'active' ? (
              <a href={storeUrl} target="_blank" rel="noopener" className={textLinkClass}>
                View on store
              </a>
            ) : null}
            {saved ? (
              <Button
                variant="secondary"
                disabled={duplicating || formState.isDirty}
                title={formState.isDirty ? 'Save your changes first' : undefined}
                onClick={() => void duplicate()}
              >
                {duplicating ? 'Duplicating…' : 'Duplicate'}
              </Button>
            ) : null}
            <Link to="/catalog/products" className={textLinkClass}>
              All products
            </Link>
          </div>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Product" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Product">
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <TextField
                  label="Name"
                  error={errors.name?.message}
                  {...register('name', {
                    onChange: (event: { target: { value: string } }) => {
                      // A new product's address follows its name until the address is edited by hand.
                      if (!saved && !formState.dirtyFields.handle) setValue('handle', handleFromName(event.target.value));
                    },
                  })}
                />
              </div>
              <div>
                <TextField
                  label="Bangla title"
                  lang="bn"
                  hint="Shown on Bangla pages. Empty: they show the English name."
                  error={errors.name_bn?.message}
                  {...register('name_bn')}
                />
              </div>
              <div className="sm:col-span-2">
                <TextField
                  label="Address"
                  autoCapitalize="none"
                  spellCheck={false}
                  hint={`The product page lives at /brand/…/${handle || 'address'}. Lowercase letters, digits and dashes.`}
                  error={errors.handle?.message}
                  {...register('handle')}
                />
              </div>
              <SelectField
                label="Brand"
                error={errors.brand_id?.message}
                {...register('brand_id', { setValueAs: (v: unknown) => (v === '' ? Number.NaN : Number(v)) })}
              >
                <option value="">Choose a brand</option>
                {options.brands.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Department"
                error={errors.department?.message}
                {...register('department', {
                  onChange: () => {
                    // Categories and collections belong to one department.
                    setValue('category_id', null);
                    setValue('collection_ids', []);
                  },
                })}
              >
                {DEPARTMENT_KEYS.map((d) => (
                  <option key={d} value={d}>
                    {DEPARTMENT_LABELS[d]}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Category"
                error={errors.category_id?.message}
                {...register('category_id', { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}
              >
                <option value="">None</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Perfume type"
                value={perfume ?? ''}
                onChange={(event) => {
                  const next = getValues('tags').filter((t) => !(t in PERFUME_TYPES));
                  setValue('tags', event.target.value ? [...next, event.target.value] : next, { shouldDirty: true, shouldValidate: true });
                }}
                hint="Shown on the product card; kept as a tag."
              >
                <option value="">Not a perfume</option>
                {Object.entries(PERFUME_TYPES).map(([tag, label]) => (
                  <option key={tag} value={tag}>
                    {label} ({tag})
                  </option>
                ))}
              </SelectField>
              <div className="sm:col-span-2">
                <Controller
                  control={control}
                  name="tags"
                  render={({ field, fieldState }) => (
                    <TagInput
                      label="Tags"
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message ?? errors.tags?.root?.message}
                      hint="Enter or a comma adds a tag. Search and collections by rule use them."
                    />
                  )}
                />
              </div>
              <fieldset className="sm:col-span-2">
                <legend className="text-sm font-medium text-ink">Collections</legend>
                {collections.length ? (
                  <Controller
                    control={control}
                    name="collection_ids"
                    render={({ field }) => (
                      <div className="mt-2 grid gap-2 sm:grid-cols-2">
                        {collections.map((c) => (
                          <label key={c.id} className="flex items-center gap-2 text-sm">
                            <input
                              type="checkbox"
                              className="size-4 accent-brand"
                              checked={field.value.includes(c.id)}
                              onChange={(event) =>
                                field.onChange(event.target.checked ? [...field.value, c.id] : field.value.filter((id) => id !== c.id))
                              }
                            />
                            {c.title}
                          </label>
                        ))}
                      </div>
                    )}
                  />
                ) : (
                  <p className="mt-1 text-sm text-muted">This department has no collections to pick.</p>
                )}
                {errors.collection_ids?.message ? <p className="mt-1 text-sm text-red-700">{errors.collection_ids.message}</p> : null}
              </fieldset>
            </div>
          </Section>
          <Section title="Description">
            <BilingualRichText
              control={control}
              english={{
                name: 'body_html',
                label: 'Description',
                hint: 'The storefront keeps headings, paragraphs, lists, bold, italic and links.',
              }}
              bangla={{ name: 'body_html_bn', label: 'Bangla text', hint: 'Empty: Bangla pages show the English description.' }}
            />
          </Section>
          <PicturesSection control={control} register={register} errors={errors} />
          <VariantsSection control={control} register={register} errors={errors} />
          <Section
            title="Search engines"
            description="What Google and shared links show. Empty: the storefront's own title and the description's first lines."
          >
            <div className="space-y-4">
              <TextField
                label="Search title (title_tag)"
                hint={
                  <>
                    <CharacterCount value={titleTag} max={SEARCH_TITLE_SHOWN} /> · search engines show about {SEARCH_TITLE_SHOWN}
                  </>
                }
                error={errors.title_tag?.message}
                {...register('title_tag')}
              />
              <TextAreaField
                label="Search description (description_tag)"
                rows={3}
                hint={<CharacterCount value={descriptionTag} max={PRODUCT_LIMITS.descriptionTag} />}
                error={errors.description_tag?.message}
                {...register('description_tag')}
              />
              <SearchResultPreview
                title={titleTag || `${name || 'Product name'} | ${brandName || SHOP_NAME}`}
                url={`${window.location.origin}/brand/…/${handle || 'address'}`}
                description={descriptionTag || plainText(bodyHtml).slice(0, 160)}
              />
            </div>
          </Section>
        </div>
        <div className="min-w-0 space-y-6">
          <PublishingSection
            status={status}
            statuses={PRODUCT_STATUS_OPTIONS}
            statusField={register('status')}
            statusError={formState.errors.status?.message}
            live={PRODUCT_STATUS_OPTIONS[1]!}
            publishAt={{ ...publishAt.field, error: publishAt.fieldState.error?.message }}
            notice={notice}
            submitting={formState.isSubmitting}
          />
          <Section title="Price and badges">
            <div className="space-y-4">
              <CardPricePreview name={name} variants={priced} maxDiscount={maxDiscount} showBadge={showOnHome} />
              <Controller
                control={control}
                name="sale"
                render={({ field }) => <Switch label="On sale (sale badge)" checked={field.value} onCheckedChange={field.onChange} />}
              />
              <Switch
                label={`'Up to -${maxDiscount > 0 ? maxDiscount : 'N'}%' on the product page`}
                checked={showOnDetail}
                onCheckedChange={(on) => setValue('show_max_discount_on_detail_page', on, { shouldDirty: true })}
              />
              <Switch
                label={`'Up to -${maxDiscount > 0 ? maxDiscount : 'N'}%' on cards`}
                checked={showOnHome}
                onCheckedChange={(on) => setValue('show_max_discount_on_homepage', on, { shouldDirty: true })}
              />
              <p className="text-xs text-muted">N is the largest discount among the variants.</p>
            </div>
          </Section>
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}

/** The text of some HTML, for the search preview's description. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}
