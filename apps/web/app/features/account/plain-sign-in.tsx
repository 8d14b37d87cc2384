import * as m from '@store/shared/i18n/messages';
import { PrimaryButton, TextField } from '../auth/form-controls';
import { withElements } from '../../lib/rich-message';

const linkButton =
  'text-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand';

/**
 * Signing in by SMS code as plain HTML forms, for a browser without the page's scripts (the login
 * modal does the same with them): the phone, then the code, each to the account page's action.
 * The phone the code went to is kept by the server (a short-lived cookie), not in the page.
 */
export function PlainSignIn({ codeSentTo, back }: { codeSentTo: string | null; back: string }) {
  if (codeSentTo) {
    return (
      <div className="flex flex-col gap-4 text-left" data-testid="plain-sign-in">
        <form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="back" value={back} />
          <div>
            <h2 className="text-lg font-semibold text-ink">{m.auth_enter_the_code()}</h2>
            <p className="mt-1 text-sm text-muted">
              {withElements(m.auth_code_sent_sms, { destination: <span className="font-medium text-ink">{codeSentTo}</span> })}
            </p>
          </div>
          <TextField
            label={m.auth_code()}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
          />
          <PrimaryButton>{m.auth_verify()}</PrimaryButton>
        </form>
        <div className="flex flex-wrap items-center justify-center gap-4">
          <form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className={linkButton}>
              {m.auth_resend()}
            </button>
          </form>
          <form method="post">
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className="text-sm text-muted underline-offset-4 hover:text-ink hover:underline">
              {m.auth_use_other_contact()}
            </button>
          </form>
        </div>
      </div>
    );
  }
  return (
    <form method="post" className="flex flex-col gap-4 text-left" data-testid="plain-sign-in">
      <input type="hidden" name="intent" value="send-code" />
      <input type="hidden" name="back" value={back} />
      <p className="text-sm text-muted">{m.auth_hint_otp()}</p>
      <TextField label={m.auth_phone()} name="phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="01XXXXXXXXX" required />
      <PrimaryButton>{m.auth_send_code()}</PrimaryButton>
    </form>
  );
}
