import { Suspense, lazy } from 'react';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatCount } from '../../lib/format';
import { DialogClose, DialogTitle, ModalDialog } from '../../components/ui/dialog';
import { useRootData } from '../../lib/root-data';
import { closeBag, viewOf } from './bag-store';
import { visibleBoxes } from './bag-view';
import { GiftBox, OfferBox } from './bag-boxes';
import { Empty, Skeleton } from './bag-empty';
import { Line } from './bag-line';
import { BagSummary } from './bag-summary';
import { useBagState } from './use-bag';
import { useCurrentUser } from '../auth/use-current-user';

/** The points the bag earns: a customer's only (a visitor or a guest has no points), loaded with the first look. */
const BagLoyalty = lazy(() => import('./bag-loyalty'));

/** The panel itself takes focus (not its first button), so a screen reader starts at the bag's name. */
const panelItself = (content: HTMLElement) => content;

/**
 * The shopping bag side panel (SPEC §2, §4), loaded on first open. It slides in from the right and,
 * closed, slides out before it leaves the page (the keyframes in app.css; Radix waits for them).
 */
export default function BagPanel({ open, supportPhone }: { open: boolean; supportPhone: string }) {
  const state = useBagState();
  const cart = viewOf(state);
  const rule = useRootData()?.contact.free_delivery ?? null;
  const lines = cart?.line_items ?? [];
  const empty = cart !== null && lines.length === 0;
  const boxes = cart ? visibleBoxes(cart) : { gift: null, offer: null };
  const user = useCurrentUser();
  const customer = user !== null && !user.guest;

  return (
    <ModalDialog
      open={open}
      onClose={closeBag}
      initialFocus={panelItself}
      testId="bag-panel"
      overlayTestId="bag-backdrop"
      overlayClassName="bg-black/50 data-[state=open]:animate-[fade-in_300ms_ease-out] data-[state=closed]:animate-[fade-out_300ms_ease-in]"
      className="inset-y-0 right-0 flex w-[90%] max-w-[26rem] flex-col bg-white shadow-2xl data-[state=open]:animate-[slide-in-right_300ms_ease-out] data-[state=closed]:animate-[slide-out-right_300ms_ease-in]"
    >
      <header className="relative flex h-14 shrink-0 items-center justify-between border-b border-line pl-4 pr-1.5 sm:pl-5 lg:h-16">
        <DialogTitle className="flex items-baseline gap-2 text-base font-bold uppercase tracking-wider text-ink">
          {messages.bagTitle()}
          {cart && cart.item_count > 0 ? (
            <span className="text-sm font-medium normal-case tracking-normal text-muted">
              {(cart.item_count === 1 ? m.bagui_item_count_one : m.bagui_item_count_other)({ count: formatCount(cart.item_count) })}
            </span>
          ) : null}
        </DialogTitle>
        <DialogClose
          label={m.bagui_close()}
          iconSize={22}
          className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-neutral-100"
        />
        {state.loading ? (
          <span
            role="progressbar"
            aria-label={m.bagui_updating()}
            className="absolute inset-x-0 -bottom-px h-0.5 overflow-hidden bg-brand-soft"
          >
            <span className="block h-full w-full animate-pulse bg-brand" />
          </span>
        ) : null}
      </header>
      <div className="flex-1 overflow-y-auto overscroll-contain px-4 sm:px-5">
        {cart === null ? (
          <Skeleton />
        ) : empty ? (
          <Empty cart={cart} onNavigate={closeBag} />
        ) : (
          <>
            {boxes.gift || boxes.offer ? (
              <div className="flex flex-col gap-2 pb-1 pt-4">
                {boxes.gift ? <GiftBox gifts={cart.gift_variants} boxKey={boxes.gift} /> : null}
                {boxes.offer ? <OfferBox offers={cart.variants_offer} boxKey={boxes.offer} /> : null}
              </div>
            ) : null}
            <ul className="divide-y divide-line" aria-label={m.bagui_lines()}>
              {lines.map((line) => (
                <Line key={line.id} line={line} supportPhone={supportPhone} onNavigate={closeBag} />
              ))}
            </ul>
          </>
        )}
      </div>

      <BagSummary cart={cart} rule={rule} loading={state.loading}>
        {customer && cart && lines.length ? (
          <Suspense fallback={null}>
            <BagLoyalty cart={cart} open={open} />
          </Suspense>
        ) : null}
      </BagSummary>
    </ModalDialog>
  );
}
