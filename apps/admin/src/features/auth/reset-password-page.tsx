import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useParams } from 'react-router';
import { STAFF_PASSWORD_MIN, StaffPasswordResetConfirmSchema, staffMessages, type StaffPasswordResetConfirm } from '@store/shared/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AuthCard } from '../../components/layout/auth-card';
import { ApiError, api } from '../../lib/api';
import { apiErrorToForm } from '../../lib/forms';

const EXPIRED_LINK = staffMessages.linkInvalid;

/** Chooses a new password from the e-mailed link (/admin/reset-password/<token>). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<
    StaffPasswordResetConfirm,
    unknown,
    z.output<typeof StaffPasswordResetConfirmSchema>
  >({
    resolver: zodResolver(StaffPasswordResetConfirmSchema),
    defaultValues: { token, password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await api.post('/auth/password-reset/confirm/', values);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'invitation_invalid' || error.fields.token)) return setMessage(EXPIRED_LINK);
      setMessage(apiErrorToForm(error, setError, ['password']));
    }
  });

  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <div className="space-y-4">
          <Alert tone="success">Your password is changed, and every other session of yours has ended.</Alert>
          <Link to="/sign-in" className="block text-center text-sm font-medium text-brand hover:underline">
            Sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {message ? (
            <Alert>
              {message}{' '}
              {message === EXPIRED_LINK ? (
                <Link to="/forgot-password" className="font-medium underline">
                  Ask for a new link
                </Link>
              ) : null}
            </Alert>
          ) : null}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${STAFF_PASSWORD_MIN} characters, letters with digits or symbols.`}
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
            Save the new password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
