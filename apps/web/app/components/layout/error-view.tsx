import * as messages from '@store/shared/messages';
import { hrefHere } from '../../lib/locale';
import * as m from '@store/shared/i18n/messages';
import { formatDigits } from '../../lib/format';

/** Any failure but a 404: a short apology with the way back to the shop. */
export function ErrorView({ status }: { status: number }) {
  return (
    <main className="mx-auto max-w-xl px-5 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-brand">
        {m.error_status({ status: formatDigits(String(status)) })}
      </p>
      <h1 className="mt-3 text-2xl font-bold text-ink">{m.error_title()}</h1>
      <p className="mt-3 text-neutral-600">{status === 503 ? messages.serviceUnavailable() : messages.internalError()}</p>
      <a href={hrefHere('/')} className="mt-8 inline-flex rounded-full bg-brand px-8 py-3 font-semibold text-white hover:bg-brand-dark">
        {m.error_back_to_shop()}
      </a>
    </main>
  );
}
