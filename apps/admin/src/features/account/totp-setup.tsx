import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TotpConfirmPayloadSchema, staffMessages, type TotpSetupResponse } from '@store/shared/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError, api } from '../../lib/api';
import { apiErrorToForm, errorMessage } from '../../lib/forms';

/**
 * Two-factor enrolment: the server makes a secret, shown as a QR code and as text for typing in;
 * the first code from the authenticator app confirms it. `onEnabled` runs once it is on.
 */
export function TotpSetup({ onEnabled }: { onEnabled: () => void }) {
  const [setup, setSetup] = useState<TotpSetupResponse['data'] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof TotpConfirmPayloadSchema>,
    unknown,
    z.output<typeof TotpConfirmPayloadSchema>
  >({
    resolver: zodResolver(TotpConfirmPayloadSchema),
    defaultValues: { otp: '' },
  });

  const start = async () => {
    setMessage(null);
    setStarting(true);
    try {
      setSetup((await api.post<TotpSetupResponse>('/auth/totp/setup/')).data);
    } catch (error) {
      setMessage(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };
  const confirm = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await api.post('/auth/totp/confirm/', values);
      onEnabled();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'otp_invalid')
        return setError('otp', { type: 'server', message: staffMessages.otpInvalid });
      setMessage(apiErrorToForm(error, setError, ['otp']));
    }
  });

  if (!setup)
    return (
      <div className="space-y-3">
        {message ? <Alert>{message}</Alert> : null}
        <Button onClick={() => void start()} disabled={starting}>
          Set up two-factor sign-in
        </Button>
      </div>
    );
  return (
    <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR code for your authenticator app"
        width={176}
        height={176}
        className="mx-auto size-44 rounded-md border border-line bg-white p-2"
      />
      <form onSubmit={confirm} noValidate className="space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
          <li>Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
          <li>Or type this key into the app:</li>
        </ol>
        <code data-testid="totp-secret" className="block rounded-md bg-neutral-100 px-3 py-2 font-mono text-sm break-all select-all">
          {setup.secret}
        </code>
        {message ? <Alert>{message}</Alert> : null}
        <TextField
          label="6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={formState.errors.otp?.message}
          {...register('otp')}
        />
        <Button type="submit" disabled={formState.isSubmitting}>
          Turn on two-factor sign-in
        </Button>
      </form>
    </div>
  );
}
