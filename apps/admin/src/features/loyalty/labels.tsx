import type { LedgerKind, ReferralStatus } from '@store/shared/loyalty';
import { stateBadge } from '../../components/ui/badge';

/** What each ledger entry is, in the back office's words. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  earned: 'Earned',
  redeemed: 'Spent',
  restored: 'Given back',
  reversed: 'Taken back',
  expired: 'Expired',
  adjusted: 'Adjusted',
  referral: 'Referral reward',
};

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = { pending: 'Pending', rewarded: 'Rewarded', void: 'Void' };

export const ReferralStatusBadge = stateBadge<ReferralStatus>({
  pending: { label: REFERRAL_STATUS_LABELS.pending, tone: 'waiting' },
  rewarded: { label: REFERRAL_STATUS_LABELS.rewarded, tone: 'good' },
  void: { label: REFERRAL_STATUS_LABELS.void, tone: 'quiet' },
});
