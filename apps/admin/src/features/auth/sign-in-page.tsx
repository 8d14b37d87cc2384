import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StaffLoginPayloadSchema, staffMessages, type StaffLoginPayload, type StaffLoginResponse } from '@store/shared/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AuthCard } from '../../components/layout/auth-card';
import { ApiError, api, waitText } from '../../lib/api';
import { OFFLINE_MESSAGE } from '../../lib/forms';
import { setToken } from '../../lib/session';
import { safeNext } from './next';

/** Signs a member in: e-mail and password, then the 6-digit code when the account has two-factor sign-in. */
export function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<StaffLoginPayload, unknown, z.output<typeof StaffLoginPayloadSchema>>({
    resolver: zodResolver(StaffLoginPayloadSchema),
    defaultValues: { email: '', password: '', otp: undefined },
  });
  const { register, handleSubmit, formState, setError, setValue } = form;

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const { data } = await api.post<StaffLoginResponse>('/auth/login/', values);
      setToken(data.token);
      await navigate(safeNext(params.get('next')), { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) return setMessage(OFFLINE_MESSAGE);
      if (error.code === 'two_factor_required') {
        setStep('code');
        return;
      }
      if (error.code === 'otp_invalid') return setError('otp', { type: 'server', message: staffMessages.otpInvalid });
      if (error.code === 'login_failed') return setMessage(staffMessages.loginFailed);
      if (error.code === 'rate_limited') return setMessage(`Too many attempts. Try again in ${waitText(error.retryAfter ?? 60)}.`);
      if (error.code === 'validation_failed') {
        for (const [field, text] of Object.entries(error.fields))
          if (field === 'email' || field === 'password' || field === 'otp') setError(field, { type: 'server', message: text });
        return;
      }
      setMessage(error.message);
    }
  });

  const back = () => {
    setStep('password');
    setValue('otp', undefined);
    setMessage(null);
  };

  return (
    <AuthCard
      title={step === 'password' ? 'Sign in' : 'Two-factor sign-in'}
      description={step === 'password' ? 'For the shop’s staff.' : 'Enter the 6-digit code from your authenticator app.'}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {message ? <Alert>{message}</Alert> : null}
        <div className={step === 'password' ? 'space-y-4' : 'hidden'}>
          <TextField label="E-mail" type="email" autoComplete="username" error={formState.errors.email?.message} {...register('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={formState.errors.password?.message}
            {...register('password')}
          />
        </div>
        {step === 'code' ? (
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            error={formState.errors.otp?.message}
            {...register('otp', { setValueAs: (v: string) => (v === '' ? undefined : v.trim()) })}
          />
        ) : null}
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Signing in…' : step === 'password' ? 'Sign in' : 'Verify and sign in'}
        </Button>
        {step === 'password' ? (
          <p className="text-center text-sm">
            <Link to="/forgot-password" className="font-medium text-brand hover:underline">
              Forgot your password?
            </Link>
          </p>
        ) : (
          <p className="text-center text-sm">
            <button type="button" onClick={back} className="font-medium text-brand hover:underline">
              Use another account
            </button>
          </p>
        )}
      </form>
    </AuthCard>
  );
}
