import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { STAFF_ROLE_LABELS, TotpDisablePayloadSchema, type StaffSession } from '@store/shared/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { PageHeader, Section } from '../../components/ui/page';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { apiErrorToForm, errorMessage } from '../../lib/forms';
import { useMe } from '../../lib/me';
import { clearToken } from '../../lib/session';
import { TotpSetup } from './totp-setup';

export async function accountLoader({ request }: LoaderFunctionArgs): Promise<StaffSession[]> {
  return (await api.get<{ data: StaffSession[] }>('/auth/sessions/', request.signal)).data;
}

/** "Chrome on Android" from a user agent: enough to tell one's own devices apart. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

function DisableTwoFactor({ onDisabled }: { onDisabled: () => void }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<
    z.input<typeof TotpDisablePayloadSchema>,
    unknown,
    z.output<typeof TotpDisablePayloadSchema>
  >({
    resolver: zodResolver(TotpDisablePayloadSchema),
    defaultValues: { password: '' },
  });
  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await api.post('/auth/totp/disable/', values);
      setOpen(false);
      reset();
      onDisabled();
    } catch (error) {
      setMessage(apiErrorToForm(error, setError, ['password']));
    }
  });
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Turn off
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Turn off two-factor sign-in"
        description="Signing in will then need only your password. Enter it to confirm."
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          {message ? <Alert>{message}</Alert> : null}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={formState.isSubmitting}>
              Turn off
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

const column = listColumns<StaffSession>();

function Sessions({ sessions }: { sessions: StaffSession[] }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const [everywhere, setEverywhere] = useState(false);

  const columns = useMemo(() => {
    const revoke = async (session: StaffSession) => {
      setMessage(null);
      try {
        await api.delete(`/auth/sessions/${session.id}/`);
        if (session.current) {
          clearToken();
          await navigate('/sign-in');
        } else await revalidate();
      } catch (error) {
        setMessage(errorMessage(error));
      }
    };
    return column.columns([
      column.accessor('user_agent', {
        header: 'Device',
        cell: ({ row }) => (
          <span className="font-medium">
            {deviceName(row.original.user_agent)}
            {row.original.current ? (
              <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">This device</span>
            ) : null}
          </span>
        ),
      }),
      column.accessor('ip', { header: 'IP address', cell: ({ getValue }) => getValue() ?? '—' }),
      column.accessor('created_at', { header: 'Signed in', cell: ({ getValue }) => formatDateTime(getValue()) }),
      column.accessor('last_seen_at', { header: 'Last active', cell: ({ getValue }) => formatDateTime(getValue()) }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Button variant="ghost" className="min-h-8 px-2 text-red-700" onClick={() => void revoke(row.original)}>
            {row.original.current ? 'Sign out' : 'Revoke'}
          </Button>
        ),
      }),
    ]);
  }, [navigate, revalidate]);

  const signOutEverywhere = async () => {
    try {
      await api.post('/auth/sessions/sign-out-everywhere/');
      clearToken();
      await navigate('/sign-in');
    } catch (error) {
      setEverywhere(false);
      setMessage(errorMessage(error));
    }
  };

  return (
    <div className="space-y-4">
      {message ? <Alert>{message}</Alert> : null}
      <DataTable columns={columns} data={sessions} caption="Your sessions" empty="No sessions." />
      <Button variant="secondary" onClick={() => setEverywhere(true)}>
        Sign out everywhere
      </Button>
      <Dialog
        open={everywhere}
        onOpenChange={setEverywhere}
        title="Sign out everywhere?"
        description="Every session of yours ends, this one too. You will need to sign in again."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setEverywhere(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void signOutEverywhere()}>
            Sign out everywhere
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** The member's own account: two-factor sign-in and the sessions open in their name. */
export function AccountPage() {
  const me = useMe();
  const sessions = useLoaderData<StaffSession[]>();
  const { revalidate } = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const done = (text: string) => {
    setNotice(text);
    void revalidate();
  };
  return (
    <div className="space-y-6">
      <PageHeader title="My account" description={`${me.name} · ${me.email} · ${STAFF_ROLE_LABELS[me.role]}`} />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <Section
        title="Two-factor sign-in"
        description="A 6-digit code from an authenticator app on your phone, asked for after the password."
      >
        {me.two_factor_enabled ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm">
              <span className="size-2.5 rounded-full bg-green-600" aria-hidden="true" />
              Two-factor sign-in is <strong>on</strong>.
            </p>
            <DisableTwoFactor onDisabled={() => done('Two-factor sign-in is off.')} />
          </div>
        ) : (
          <TotpSetup onEnabled={() => done('Two-factor sign-in is on. You will be asked for a code next time you sign in.')} />
        )}
      </Section>
      <Section title="Sessions" description="Where you are signed in. Revoke any you do not recognise.">
        <Sessions sessions={sessions} />
      </Section>
    </div>
  );
}
