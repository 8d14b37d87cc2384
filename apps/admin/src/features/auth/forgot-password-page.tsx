import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { StaffPasswordResetRequestSchema, staffMessages } from '@store/shared/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AuthCard } from '../../components/layout/auth-card';
import { api } from '../../lib/api';
import { apiErrorToForm } from '../../lib/forms';

/** Asks for a reset link. The answer is the same whether or not the e-mail belongs to a member. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<
    z.input<typeof StaffPasswordResetRequestSchema>,
    unknown,
    z.output<typeof StaffPasswordResetRequestSchema>
  >({
    resolver: zodResolver(StaffPasswordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await api.post('/auth/password-reset/', values);
      setSentTo(values.email);
    } catch (error) {
      setMessage(apiErrorToForm(error, setError, ['email']));
    }
  });

  return (
    <AuthCard title="Reset your password" description="We will e-mail you a link to choose a new password.">
      {sentTo ? (
        <div className="space-y-4">
          <Alert tone="success">
            {staffMessages.passwordResetSent}: {sentTo}.
          </Alert>
          <Link to="/sign-in" className="block text-center text-sm font-medium text-brand hover:underline">
            Back to sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {message ? <Alert>{message}</Alert> : null}
          <TextField label="E-mail" type="email" autoComplete="username" error={formState.errors.email?.message} {...register('email')} />
          <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
            Send the link
          </Button>
          <Link to="/sign-in" className="block text-center text-sm font-medium text-brand hover:underline">
            Back to sign in
          </Link>
        </form>
      )}
    </AuthCard>
  );
}
