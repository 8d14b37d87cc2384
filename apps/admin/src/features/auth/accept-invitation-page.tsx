import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  InvitationAcceptPayloadSchema,
  STAFF_PASSWORD_MIN,
  STAFF_ROLE_LABELS,
  type InvitationAcceptPayload,
  type InvitationResponse,
  type StaffLoginResponse,
} from '@store/shared/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AuthCard } from '../../components/layout/auth-card';
import { ApiError, api } from '../../lib/api';
import { apiErrorToForm, errorMessage } from '../../lib/forms';
import { setToken } from '../../lib/session';

type InvitationData = { ok: true; invitation: InvitationResponse['data'] } | { ok: false; message: string };

export async function invitationLoader({ params }: LoaderFunctionArgs): Promise<InvitationData> {
  try {
    const { data } = await api.get<InvitationResponse>(`/auth/invitation/${encodeURIComponent(params.token ?? '')}/`);
    return { ok: true, invitation: data };
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === 'invitation_invalid' || error.code === 'validation_failed' || error.code === 'not_found')
    )
      return { ok: false, message: 'This invitation has expired or was already used. Ask the shop’s owner to send a new one.' };
    return { ok: false, message: errorMessage(error) };
  }
}

/** A new member names themselves and chooses a password from the invitation link (/admin/invitation/<token>). */
export function AcceptInvitationPage() {
  const loaded = useLoaderData<InvitationData>();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<
    InvitationAcceptPayload,
    unknown,
    z.output<typeof InvitationAcceptPayloadSchema>
  >({
    resolver: zodResolver(InvitationAcceptPayloadSchema),
    defaultValues: { token, name: '', password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const { data } = await api.post<StaffLoginResponse>('/auth/invitation/accept/', values);
      setToken(data.token);
      await navigate('/', { replace: true });
    } catch (error) {
      setMessage(apiErrorToForm(error, setError, ['name', 'password']));
    }
  });

  if (!loaded.ok)
    return (
      <AuthCard title="Join the back office">
        <div className="space-y-4">
          <Alert>{loaded.message}</Alert>
          <Link to="/sign-in" className="block text-center text-sm font-medium text-brand hover:underline">
            Go to sign in
          </Link>
        </div>
      </AuthCard>
    );
  const { invitation } = loaded;
  return (
    <AuthCard
      title="Join the back office"
      description={
        <>
          You are invited as <strong className="text-ink">{STAFF_ROLE_LABELS[invitation.role]}</strong> with the e-mail{' '}
          <strong className="break-all text-ink">{invitation.email}</strong>.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {message ? <Alert>{message}</Alert> : null}
        <input type="email" name="username" value={invitation.email} autoComplete="username" readOnly hidden />
        <TextField label="Your name" autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${STAFF_PASSWORD_MIN} characters, letters with digits or symbols.`}
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          Join and sign in
        </Button>
      </form>
    </AuthCard>
  );
}
