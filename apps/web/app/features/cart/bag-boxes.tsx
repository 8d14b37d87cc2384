import type { ReactNode } from 'react';
import type { GiftVariant, VariantOffer } from '@store/shared/cart';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '../../lib/format';
import { CloseIcon, GiftIcon } from '../../components/layout/icons';
import { dismissBox } from './bag-store';

function Box({
  tone,
  icon,
  title,
  children,
  onDismiss,
  testId,
}: {
  tone: 'gift' | 'offer';
  icon: ReactNode;
  title: string;
  children: ReactNode;
  onDismiss: () => void;
  testId: string;
}) {
  const styles = tone === 'gift' ? 'bg-emerald-50 ring-emerald-200 text-emerald-950' : 'bg-brand-soft ring-brand/20 text-brand-dark';
  return (
    <section data-testid={testId} className={`relative flex gap-3 rounded-xl p-3 pr-10 ring-1 ${styles}`}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-semibold">{title}</h3>
        <div className="mt-0.5 text-xs leading-5">{children}</div>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={m.bagui_dismiss({ title })}
        className="absolute right-1.5 top-1.5 flex size-8 items-center justify-center rounded-full opacity-70 hover:bg-white/60 hover:opacity-100"
      >
        <CloseIcon size={16} />
      </button>
    </section>
  );
}

/** The gifts the bag earned (SPEC §4), until dismissed. */
export function GiftBox({ gifts, boxKey }: { gifts: GiftVariant[]; boxKey: string }) {
  return (
    <Box tone="gift" testId="bag-gift-box" icon={<GiftIcon />} title={messages.bagGiftTitle()} onDismiss={() => void dismissBox(boxKey)}>
      {gifts.map((g) => (
        <p key={g.rule_id}>
          <span className="font-semibold">{g.title}</span>
          <br />
          {messages.giftInBag(`${g.vendor} ${g.product_title} ${g.variant_title}`, formatTaka(g.value))}
        </p>
      ))}
    </Box>
  );
}

/** What more the bag could earn, until dismissed. */
export function OfferBox({ offers, boxKey }: { offers: VariantOffer[]; boxKey: string }) {
  const [first] = offers;
  if (!first) return null;
  return (
    <Box tone="offer" testId="bag-offer-box" icon={<GiftIcon />} title={first.title} onDismiss={() => void dismissBox(boxKey)}>
      {offers.map((o) => (
        <p key={o.rule_id}>{o.message}</p>
      ))}
    </Box>
  );
}
