import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { AdminProduct } from '@store/shared/admin-catalog';
import type { ProductOption } from '@store/shared/admin-catalog-brands';
import {
  AdminGiftRuleInputSchema,
  GIFT_QUANTITY_MAX,
  GIFT_RULE_KINDS,
  GIFT_RULE_KIND_LABELS,
  giftRuleCondition,
  giftRuleMessages,
  type AdminGiftRule,
  type AdminGiftRuleInput,
  type AdminGiftRuleValues,
} from '@store/shared/admin-gifts';
import { IdParamSchema } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField, inputClass } from '../../components/ui/field';
import { NoticeAndSave } from '../../components/ui/save-box';
import { TakaField } from '../../components/ui/taka-field';
import { PageHeader, Section, textLinkClass } from '../../components/ui/page';
import { Switch } from '../../components/ui/switch';
import { api } from '../../lib/api';
import { apiErrorToForm, errorMessage } from '../../lib/forms';
import { WindowFields } from '../content/shared';
import { useProductSearch } from '../catalog/collections/use-product-search';
import { useLeaveGuard } from '../content/leave-guard';
import { GiftRuleStateBadge, GiftSummary } from './gift-rules-list';

/** The product to buy, as the editor shows it. */
type Chosen = { id: number; name: string; brand: string };
type EditorData = { rule: AdminGiftRule | null; giftProduct: AdminProduct | null };

const productOf = (id: number, signal?: AbortSignal) =>
  api.get<{ data: AdminProduct }>(`/catalog/products/${id}/`, signal).then((r) => r.data);

export async function giftRuleLoader({ request, params }: LoaderFunctionArgs): Promise<EditorData> {
  if (params.id === undefined) return { rule: null, giftProduct: null };
  const id = IdParamSchema.safeParse(params.id);
  if (!id.success) throw new Response('Not found', { status: 404 });
  const rule = (await api.get<{ data: AdminGiftRule }>(`/offers/gifts/${id.data}/`, request.signal)).data;
  return { rule, giftProduct: await productOf(rule.gift.product_id, request.signal) };
}

const FIELDS = [
  'kind',
  'title',
  'description',
  'min_subtotal',
  'buy_product_id',
  'buy_quantity',
  'gift_variant_id',
  'gift_quantity',
  'starts_at',
  'ends_at',
  'active',
] as const;

function toForm(r: AdminGiftRule | null): AdminGiftRuleInput {
  if (!r) {
    return {
      kind: 'spend',
      title: '',
      description: '',
      min_subtotal: null,
      buy_product_id: null,
      buy_quantity: 2,
      gift_variant_id: 0,
      gift_quantity: 1,
      starts_at: null,
      ends_at: null,
      active: true,
    };
  }
  return {
    kind: r.kind,
    title: r.title,
    description: r.description,
    min_subtotal: r.min_subtotal,
    buy_product_id: r.buy_product_id,
    buy_quantity: r.buy_quantity ?? 2,
    gift_variant_id: r.gift_variant_id,
    gift_quantity: r.gift_quantity,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    active: r.active,
  };
}

const quantities = Array.from({ length: GIFT_QUANTITY_MAX }, (_, i) => i + 1);

export function GiftRuleEditorPage() {
  const data = useLoaderData<EditorData>();
  return <GiftRuleEditor key={data.rule?.id ?? 'new'} {...data} />;
}

function GiftRuleEditor({ rule: initial, giftProduct: initialGift }: EditorData) {
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState(initial);
  const [giftProduct, setGiftProduct] = useState(initialGift);
  const [buyProduct, setBuyProduct] = useState<Chosen | null>(
    initial?.buy_product_id ? { id: initial.buy_product_id, name: initial.buy_product_name ?? '', brand: '' } : null,
  );
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });
  const form = useForm<AdminGiftRuleInput, unknown, AdminGiftRuleValues>({
    resolver: zodResolver(AdminGiftRuleInputSchema),
    defaultValues: toForm(initial),
  });
  const { register, control, formState, handleSubmit, setError, reset, setValue } = form;
  const errors = formState.errors;
  const guard = useLeaveGuard(formState.isDirty);
  const watched = useWatch({ control });
  const kind = watched.kind ?? 'spend';

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { data } = saved
        ? await api.patch<{ data: AdminGiftRule }>(`/offers/gifts/${saved.id}/`, { ...values, updated_at: saved.updated_at })
        : await api.post<{ data: AdminGiftRule }>('/offers/gifts/', values);
      const text =
        data.state === 'live'
          ? data.gift_problem
            ? 'Saved. The rule is on, but it gives nothing while its gift cannot be had.'
            : 'Saved. The rule is live: bags apply it now.'
          : `Saved. The rule is ${data.state}.`;
      if (!saved) {
        guard.allowLeave();
        await navigate(`/offers/gifts/${data.id}`, { replace: true, state: { notice: text } });
        return;
      }
      setSaved(data);
      reset(toForm(data));
      setNotice({ tone: 'success', text });
    } catch (error) {
      setNotice({ tone: 'error', text: apiErrorToForm(error, setError, FIELDS) ?? 'Check the fields marked above.' });
    }
  });

  const variant = giftProduct?.variants.find((v) => v.id === watched.gift_variant_id) ?? null;
  const chooseGift = async (p: ProductOption) => {
    try {
      const product = await productOf(p.id);
      setGiftProduct(product);
      const first = product.variants.find((v) => v.stock > 0) ?? product.variants[0];
      setValue('gift_variant_id', first?.id ?? 0, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessage(err) });
    }
  };

  return (
    <div>
      <PageHeader
        title={saved ? saved.title : 'New gift rule'}
        description={
          saved
            ? `${giftRuleCondition(saved)} · given in ${saved.gift_orders} ${saved.gift_orders === 1 ? 'order' : 'orders'}`
            : 'The bag adds the gift by itself once the condition is met.'
        }
        action={
          <div className="flex items-center gap-3">
            {saved ? <GiftRuleStateBadge state={saved.state} /> : null}
            <Link to="/offers/gifts" className={textLinkClass}>
              All gift rules
            </Link>
          </div>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Gift rule" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          <Section title="What shoppers read" description="The title heads the bag's offer box and names the gift in the gift box.">
            <div className="grid grid-cols-1 gap-4">
              <TextField label="Title" error={errors.title?.message} {...register('title')} />
              <TextAreaField
                label="Description"
                rows={2}
                hint="Sent with the bag's boxes (the storefront shows the title)."
                error={errors.description?.message}
                {...register('description')}
              />
            </div>
          </Section>
          <Section title="When the bag earns it">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <SelectField label="Kind" error={errors.kind?.message} {...register('kind')}>
                {GIFT_RULE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {GIFT_RULE_KIND_LABELS[k]}
                  </option>
                ))}
              </SelectField>
              {kind === 'spend' ? (
                <TakaField
                  control={control}
                  name="min_subtotal"
                  label="Spend at least (taka)"
                  optional
                  hint="The bag's subtotal after the products' discounts, gifts left out."
                />
              ) : (
                <SelectField
                  label="How many to buy"
                  error={errors.buy_quantity?.message}
                  {...register('buy_quantity', { setValueAs: (v: unknown) => (v === '' ? null : Number(v)) })}
                >
                  {quantities.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </SelectField>
              )}
              {kind === 'buy' ? (
                <div className="sm:col-span-2">
                  <ProductSearch
                    label="Product to buy"
                    chosen={buyProduct}
                    error={errors.buy_product_id?.message}
                    onChoose={(p) => {
                      setBuyProduct({ id: p.id, name: p.name, brand: p.brand });
                      setValue('buy_product_id', p.id, { shouldDirty: true, shouldValidate: formState.isSubmitted });
                    }}
                  />
                </div>
              ) : null}
            </div>
          </Section>
          <Section title="The gift" description="A free line the bag adds while the condition holds and the gift is in stock.">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <ProductSearch
                  label="Gift product"
                  chosen={giftProduct ? { id: giftProduct.id, name: giftProduct.name, brand: giftProduct.brand.name } : null}
                  onChoose={(p) => void chooseGift(p)}
                  error={undefined}
                />
              </div>
              <SelectField
                label="Gift variant"
                disabled={!giftProduct}
                error={errors.gift_variant_id ? giftRuleMessages.variantUnknown : undefined}
                {...register('gift_variant_id', { valueAsNumber: true })}
              >
                {giftProduct ? null : <option value={0}>Choose a product first</option>}
                {giftProduct?.variants.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.title} · {formatTaka(v.price)} · {v.stock} in stock
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Gift quantity"
                error={errors.gift_quantity?.message}
                {...register('gift_quantity', { valueAsNumber: true })}
              >
                {quantities.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </SelectField>
            </div>
            {giftProduct && variant && (variant.stock < (watched.gift_quantity ?? 1) || giftProduct.state !== 'active') ? (
              <div className="mt-3">
                <Alert>
                  {giftProduct.state !== 'active'
                    ? 'This product is not on sale: the rule gives nothing until it is.'
                    : 'This gift is out of stock: the rule gives nothing until it is restocked.'}
                </Alert>
              </div>
            ) : null}
          </Section>
          <Section title="When">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <WindowFields control={control} starts="starts_at" ends="ends_at" />
            </div>
          </Section>
        </div>
        <div className="min-w-0 space-y-6">
          <Section title="Saving">
            <div className="space-y-4">
              <Controller
                control={control}
                name="active"
                render={({ field }) => <Switch label="On (bags apply it)" checked={field.value} onCheckedChange={field.onChange} />}
              />
              <p className="text-xs text-muted">
                Rules are switched off, never deleted. A change shows in shoppers’ bags at once (within 30 seconds on every server).
              </p>
              <NoticeAndSave notice={notice} submitting={formState.isSubmitting} />
            </div>
          </Section>
          <Section title="In the bag" description="As a shopper sees the boxes.">
            <Preview
              kind={kind}
              title={watched.title ?? ''}
              minSubtotal={watched.min_subtotal ?? null}
              buyQuantity={watched.buy_quantity ?? null}
              buyProduct={buyProduct?.name ?? null}
              gift={
                giftProduct && variant
                  ? { brand: giftProduct.brand.name, name: giftProduct.name, variant: variant.title, price: variant.price }
                  : null
              }
              giftQuantity={watched.gift_quantity ?? 1}
            />
          </Section>
          {saved ? (
            <Section title="Now">
              <GiftSummary rule={saved} />
            </Section>
          ) : null}
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}

/** What the bag's offer box and gift box say, from the same message functions as the API. */
function Preview({
  kind,
  title,
  minSubtotal,
  buyQuantity,
  buyProduct,
  gift,
  giftQuantity,
}: {
  kind: 'spend' | 'buy';
  title: string;
  minSubtotal: number | null;
  buyQuantity: number | null;
  buyProduct: string | null;
  gift: { brand: string; name: string; variant: string; price: number } | null;
  giftQuantity: number;
}) {
  if (!gift) return <p className="text-sm text-muted">Choose the gift to see the boxes.</p>;
  const name = `${gift.brand} ${gift.name}`;
  const heading = title.trim() || 'Title';
  let example: string | null = null;
  let message: string | null = null;
  if (kind === 'spend' && minSubtotal && Number.isFinite(minSubtotal) && minSubtotal > 0) {
    const short = Math.min(minSubtotal, 50_000);
    example = `A bag ${formatTaka(short)} short of ${formatTaka(minSubtotal)}:`;
    message = messages.offerSpend(formatTaka(short), name);
  } else if (kind === 'buy' && buyQuantity && buyQuantity > 1 && buyProduct) {
    example = `A bag with 1 ${buyProduct}:`;
    message = messages.offerBuy(buyQuantity - 1, buyProduct, name);
  }
  const worth = Number.isFinite(giftQuantity) ? gift.price * giftQuantity : gift.price;
  return (
    <div className="space-y-3 text-sm">
      {message ? (
        <>
          <p className="text-xs text-muted">{example}</p>
          <section data-testid="preview-offer-box" className="rounded-xl bg-brand-soft p-3 text-brand-dark ring-1 ring-brand/20">
            <h3 className="text-sm font-semibold">{heading}</h3>
            <p className="mt-0.5 text-xs leading-5">{message}</p>
          </section>
        </>
      ) : (
        <p className="text-xs text-muted">
          {kind === 'buy' && buyQuantity === 1
            ? 'Buying 1 earns the gift at once: the bag shows no offer box for this rule.'
            : 'Give the condition to see the offer box.'}
        </p>
      )}
      <p className="text-xs text-muted">Once earned:</p>
      <section data-testid="preview-gift-box" className="rounded-xl bg-emerald-50 p-3 text-emerald-950 ring-1 ring-emerald-200">
        <h3 className="text-sm font-semibold">{messages.bagGiftTitle()}</h3>
        <p className="mt-0.5 text-xs leading-5">
          <span className="font-semibold">{heading}</span>
          <br />
          {messages.giftInBag(`${name} ${gift.variant}`, formatTaka(worth))}
        </p>
      </section>
    </div>
  );
}

/** One product, searched by name (the collections' search); the choice shown with a way to change it. */
function ProductSearch({
  label,
  chosen,
  onChoose,
  error,
}: {
  label: string;
  chosen: Chosen | null;
  onChoose: (p: ProductOption) => void;
  error: string | undefined;
}) {
  const id = useId();
  const { q, setQ, found, searchError } = useProductSearch();
  const [searching, setSearching] = useState(chosen === null);

  if (chosen && !searching) {
    return (
      <div className="space-y-1">
        <span className="block text-sm font-medium text-ink">{label}</span>
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-line px-3 py-2">
          <div className="min-w-40 flex-1">
            <div className="text-sm font-medium text-ink">{chosen.name}</div>
            {chosen.brand ? <div className="text-xs text-muted">{chosen.brand}</div> : null}
          </div>
          <Button
            variant="secondary"
            className="min-h-9 px-3"
            onClick={() => setSearching(true)}
            aria-label={`Change ${label.toLowerCase()}`}
          >
            Change
          </Button>
        </div>
        {error ? <p className="text-sm text-red-700">{error}</p> : null}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={inputClass}
        placeholder="Search by name"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {searchError ? <p className="text-sm text-red-700">{searchError}</p> : null}
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      {found.length ? (
        <ul aria-label={`${label}: results`} className="max-h-64 divide-y divide-line overflow-y-auto rounded-md border border-line">
          {found.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              {p.image ? (
                <img src={p.image.mobile} alt="" className="size-10 shrink-0 rounded object-cover" />
              ) : (
                <span className="size-10 shrink-0 rounded bg-neutral-100" />
              )}
              <div className="min-w-40 flex-1">
                <div className="truncate text-sm font-medium text-ink">{p.name}</div>
                <div className="truncate text-xs text-muted">{p.brand}</div>
              </div>
              <Button
                variant="secondary"
                className="min-h-9 shrink-0 px-3"
                aria-label={`Choose ${p.name}`}
                onClick={() => {
                  onChoose(p);
                  setSearching(false);
                  setQ('');
                }}
              >
                Choose
              </Button>
            </li>
          ))}
        </ul>
      ) : q.trim() ? (
        <p className="text-sm text-muted">No product matches yet.</p>
      ) : null}
    </div>
  );
}
