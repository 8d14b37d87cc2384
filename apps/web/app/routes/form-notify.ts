import { redirect } from 'react-router';
import { parseNotifyContact } from '../features/catalog/notify-contact';
import { apiSend, backPath, field, formRedirect, positiveInt, readForm, refusalMessage } from '../lib/form-action.server';
import type { Route } from './+types/form-notify';

/** Nothing to show here: a browser that asks for the form's address goes home. */
export function loader() {
  return redirect('/');
}

/**
 * POST /form/notify: 'Notify me' on an out-of-stock variant as a plain HTML form (before the page's
 * scripts or without them). The same checks and API call as the scripted form; the product page
 * shows the API's answer or what to fix.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = backPath(form);
  const variantId = positiveInt(form, 'variant');
  const contact = parseNotifyContact(field(form, 'contact'));
  if (!contact.ok) return formRedirect(back, { flash: { kind: 'error', message: contact.error } });
  const result = await apiSend<{ success: boolean; message: string }>(context, 'POST', '/notify-me/', {
    variant_id: variantId ?? 0,
    ...contact.body,
  });
  if (!result.ok) return formRedirect(back, { cookies: result.setCookies, flash: { kind: 'error', message: refusalMessage(result) } });
  return formRedirect(back, { cookies: result.setCookies, flash: { kind: 'success', message: result.data.message } });
}
