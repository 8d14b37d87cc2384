import { redirect } from 'react-router';
import type { CartResponse, CartUpdateInput } from '@store/shared/cart';
import * as messages from '@store/shared/messages';
import { apiSend, readForm, backPath, field, formRedirect, positiveInt, refusalMessage } from '../lib/form-action.server';
import type { Route } from './+types/form-bag';

/** What the bag forms ask: 'add' from a product page, the line's +, − and remove from the checkout's bag. */
const INTENTS = { add: 'increment', increment: 'increment', decrement: 'decrement', remove: 'remove' } as const;
type Intent = keyof typeof INTENTS;
const isIntent = (value: string): value is Intent => Object.hasOwn(INTENTS, value);

/** Nothing to show here: a browser that asks for the form's address is sent to the bag. */
export function loader() {
  return redirect('/checkout');
}

/**
 * POST /form/bag: the bag's changes as plain HTML forms (before hydration or with JavaScript off).
 * The same API call the bag panel makes; the browser goes back where it came from, with 'Added to
 * your bag' or the API's refusal ('… only N products left') shown there.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = field(form, 'intent');
  const variantId = positiveInt(form, 'variant');
  const back = backPath(form, '/checkout');
  if (!isIntent(intent) || variantId === null)
    return formRedirect(back, { flash: { kind: 'error', message: messages.bagFormIncomplete() } });
  const action = INTENTS[intent];
  const quantity = action === 'remove' ? 0 : intent === 'add' ? (positiveInt(form, 'quantity') ?? 1) : 1;
  const body: CartUpdateInput = { line_item: { variant_id: variantId, quantity, action } };
  const result = await apiSend<CartResponse>(context, 'POST', '/cart/line-items/', body);
  if (!result.ok) return formRedirect(back, { cookies: result.setCookies, flash: { kind: 'error', message: refusalMessage(result) } });
  return formRedirect(back, {
    cookies: result.setCookies,
    ...(intent === 'add' ? { flash: { kind: 'success' as const, message: messages.addedToBag() } } : {}),
  });
}
