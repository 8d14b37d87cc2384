import { Link } from 'react-router';
import type { Cart } from '@store/shared/cart';
import type { ProductCard } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '../../lib/format';
import { BagIcon } from '../../components/layout/icons';

function Recommendation({ product, onNavigate }: { product: ProductCard; onNavigate: () => void }) {
  const discounted = product.discounted_price < product.price;
  return (
    <li>
      <Link to={product.url} onClick={onNavigate} className="group flex h-full flex-col gap-1.5 rounded-xl p-1.5 hover:bg-neutral-50">
        {product.image ? (
          <img
            src={product.image.mobile}
            alt={product.image.alt || product.name}
            width={160}
            height={160}
            loading="lazy"
            decoding="async"
            className="aspect-square w-full rounded-lg bg-neutral-50 object-cover ring-1 ring-black/5"
          />
        ) : (
          <span className="flex aspect-square w-full items-center justify-center rounded-lg bg-brand-soft text-brand/50">
            <BagIcon size={28} />
          </span>
        )}
        <span className="truncate text-[10px] font-semibold uppercase tracking-[0.08em] text-muted">{product.brand.name}</span>
        <span className="line-clamp-2 text-xs leading-4 text-ink group-hover:text-brand">{product.name}</span>
        <span className="mt-auto flex flex-wrap items-baseline gap-x-1 text-xs">
          {product.from ? <span className="text-muted">{m.price_from()}</span> : null}
          <span className={`font-semibold ${discounted ? 'text-brand' : 'text-ink'}`}>{formatTaka(product.discounted_price)}</span>
          {discounted ? <s className="text-[10px] text-muted">{formatTaka(product.price)}</s> : null}
        </span>
      </Link>
    </li>
  );
}

/** An empty bag says so and offers a few products. */
export function Empty({ cart, onNavigate }: { cart: Cart; onNavigate: () => void }) {
  return (
    <div className="flex flex-col gap-6 py-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand">
          <BagIcon size={30} />
        </span>
        <p className="text-base font-semibold text-ink" data-testid="bag-empty">
          {messages.bagEmpty()}
        </p>
      </div>
      {cart.variants_recommendation.length ? (
        <section aria-labelledby="bag-recommendations">
          <h3 id="bag-recommendations" className="mb-2 text-sm font-semibold uppercase tracking-wider text-ink">
            {messages.bagRecommendations()}
          </h3>
          <ul className="grid grid-cols-2 gap-x-2 gap-y-3 sm:grid-cols-3" data-testid="bag-recommendations">
            {cart.variants_recommendation.slice(0, 6).map((p) => (
              <Recommendation key={p.id} product={p} onNavigate={onNavigate} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Shown until the bag's first answer. */
export function Skeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-line">
      {[0, 1].map((i) => (
        <li key={i} className="flex animate-pulse gap-3 py-4">
          <span className="size-20 rounded-lg bg-neutral-100" />
          <span className="flex flex-1 flex-col gap-2 pt-1">
            <span className="h-2.5 w-16 rounded bg-neutral-100" />
            <span className="h-3 w-4/5 rounded bg-neutral-100" />
            <span className="h-3 w-1/3 rounded bg-neutral-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}
