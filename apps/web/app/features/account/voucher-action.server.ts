import { data, type RouterContextProvider } from 'react-router';
import type { LoyaltyAccount } from '@store/shared/loyalty';
import * as m from '@store/shared/i18n/messages';
import { apiSend, field, formRedirect, refusalMessage } from '../../lib/form-action.server';
import { apiTry } from '../../lib/api.server';
import { formatCount } from '../../lib/format';
import { parsePoints } from '../loyalty/loyalty-text';

type Context = Readonly<RouterContextProvider>;
type AccountResponse = { data: LoyaltyAccount };

/** What the voucher form gets back when nothing was made: what was typed and why. */
export type VoucherRefusal = { voucher: { points: string; error: string } };

const TAB = '/account/rewards';

const refused = (points: string, error: string) => data<VoucherRefusal>({ voucher: { points, error } }, { status: 400 });

/**
 * 'Turn points into a voucher' on the Points & rewards tab: one React Router action for the
 * scripted page and a plain HTML form alike. Made, the page shows the new voucher
 * (?voucher=CODE, scrolled to the list); refused, the form shows what to fix beside what was typed.
 */
export async function voucherAction(form: FormData, context: Context) {
  const typed = field(form, 'points');
  // The account before: its balance bounds the form, and its codes tell the new voucher apart.
  const before = await apiTry<AccountResponse>(context, '/loyalty/');
  if (!before.ok) return formRedirect(TAB, { flash: { kind: 'error', message: before.error.message } });
  const balance = before.data.data.balance;
  const points = parsePoints(typed);
  if (points === null || points < 1 || points > balance) return refused(typed, m.loyalty_convert_invalid({ count: formatCount(balance) }));

  const made = await apiSend<AccountResponse>(context, 'POST', '/loyalty/vouchers/', { points });
  if (!made.ok) return refused(typed, made.error.fields?.points ?? refusalMessage(made));
  const known = new Set(before.data.data.vouchers.map((v) => v.code));
  const voucher = made.data.data.vouchers.find((v) => !known.has(v.code));
  return formRedirect(voucher ? `${TAB}?voucher=${encodeURIComponent(voucher.code)}#vouchers` : `${TAB}#vouchers`, {
    cookies: made.setCookies,
  });
}
