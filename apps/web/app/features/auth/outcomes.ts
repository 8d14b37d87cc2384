import * as messages from '@store/shared/messages';
import type { HttpError } from '../../lib/http';

/*
 * The sign-in outcomes the forms branch on, by the API's error code (the accounts module's table of
 * codes is in packages/shared/src/auth.ts).
 */

/** A failure with no outcome of its own: the server's words, or that the shopper is offline. */
export const failureText = (error: HttpError | null): string => (error ? error.message : messages.offline());

/** The code typed is wrong, used or too old (one SPEC message covers all three). */
export const codeRefused = (error: HttpError | null): boolean => error?.code === 'otp_invalid' || error?.code === 'otp_expired';

/** The e-mail or phone and the password do not match. */
export const loginRefused = (error: HttpError | null): boolean => error?.code === 'login_failed';

/** No account has that e-mail or phone: the form offers registration. */
export const accountMissing = (error: HttpError | null): boolean => error?.code === 'account_not_found';

/** A link (e-mail verification, passwordless, password reset) that is unknown, used or too old. */
export const linkRefused = (error: HttpError | null): boolean =>
  error?.code === 'not_found' || error?.code === 'otp_invalid' || error?.code === 'otp_expired' || error?.code === 'validation_failed';
