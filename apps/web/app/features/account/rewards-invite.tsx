import { useEffect, useState } from 'react';
import type { LoyaltyAccount } from '@store/shared/loyalty';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatTaka } from '../../lib/format';
import { SITE_NAME } from '../../lib/seo';
import { SCRIPTED } from '../auth/auth-events';
import { CopyButton } from '../loyalty/copy-button';
import { pointsText } from '../loyalty/loyalty-text';

type Referral = LoyaltyAccount['referral'];

/** The shopper's referral code and share link (copy, or the phone's share sheet), and how many friends it brought. */
export function RewardsInvite({ referral }: { referral: Referral }) {
  // The share sheet exists on most phones, on few desktops: the button shows once the page knows.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  const welcome = referral.welcome_discount > 0;
  const shareText = welcome
    ? m.loyalty_share_text_welcome({ amount: formatTaka(referral.welcome_discount), shop: SITE_NAME, code: referral.code })
    : m.loyalty_share_text({ shop: SITE_NAME, code: referral.code });

  function share() {
    navigator.share({ title: SITE_NAME, text: shareText, url: referral.link }).catch(() => undefined);
  }

  return (
    <section aria-labelledby="invite-heading" className="rounded-2xl border border-line p-5" data-testid="referral">
      <h2 id="invite-heading" className="text-base font-semibold text-ink">
        {m.loyalty_invite()}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {welcome
          ? m.loyalty_invite_text({
              amount: formatTaka(referral.welcome_discount),
              min: formatTaka(referral.min_order),
              points: pointsText(referral.reward_points),
            })
          : m.loyalty_invite_text_plain({ points: pointsText(referral.reward_points) })}
      </p>
      <dl className="mt-4 space-y-3">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-widest text-muted">{m.loyalty_your_code()}</dt>
          <dd className="mt-1 flex items-center gap-2">
            <span
              className="min-w-0 flex-1 rounded-lg bg-brand-soft px-3.5 py-2 font-mono text-lg font-bold tracking-widest text-brand"
              data-testid="referral-code"
            >
              {referral.code}
            </span>
            <CopyButton text={referral.code} label={m.loyalty_copy_code()} className={SCRIPTED} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-widest text-muted">{m.loyalty_your_link()}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <span
              className="min-w-0 flex-1 basis-56 truncate rounded-lg border border-line px-3.5 py-2 text-sm text-ink"
              data-testid="referral-link"
            >
              {referral.link}
            </span>
            <span className="flex gap-2">
              <CopyButton text={referral.link} label={m.loyalty_copy_link()} className={SCRIPTED} />
              {canShare ? (
                <button
                  type="button"
                  onClick={share}
                  className="inline-flex h-10 items-center justify-center rounded-lg bg-ink px-4 text-sm font-semibold text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                >
                  {m.loyalty_share()}
                </button>
              ) : null}
            </span>
          </dd>
        </div>
      </dl>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-center">
        <Stat label={m.loyalty_friends_ordered()} value={referral.referred} testId="friends-ordered" />
        <Stat label={m.loyalty_friends_rewarded()} value={referral.rewarded} testId="friends-rewarded" />
      </dl>
    </section>
  );
}

/** A count under its figure (the term first for screen readers, the figure on top for the eye). */
function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-neutral-50 p-3 ring-1 ring-line">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-ink" data-testid={testId}>
        {formatCount(value)}
      </dd>
    </div>
  );
}
