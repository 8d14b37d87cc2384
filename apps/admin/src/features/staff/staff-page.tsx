import { zodResolver } from '@hookform/resolvers/zod';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import {
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  StaffInvitePayloadSchema,
  type StaffInvitePayload,
  type StaffMember,
  type StaffRole,
  type StaffStatus,
} from '@store/shared/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { apiErrorToForm, errorMessage } from '../../lib/forms';
import { useMe } from '../../lib/me';

export async function staffLoader({ request }: LoaderFunctionArgs): Promise<StaffMember[]> {
  return (await api.get<{ data: StaffMember[] }>('/staff/', request.signal)).data;
}

const STATUS_STYLE: Record<StaffStatus, string> = {
  active: 'bg-green-100 text-green-800',
  invited: 'bg-amber-100 text-amber-800',
  disabled: 'bg-neutral-200 text-neutral-700',
};
const STATUS_LABEL: Record<StaffStatus, string> = { active: 'Active', invited: 'Invited', disabled: 'Disabled' };

function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {STAFF_ROLE_LABELS[role]}
    </option>
  ));
}

function InviteDialog({
  open,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (email: string) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<
    StaffInvitePayload,
    unknown,
    z.output<typeof StaffInvitePayloadSchema>
  >({
    resolver: zodResolver(StaffInvitePayloadSchema),
    defaultValues: { email: '', name: '', role: 'fulfilment' },
  });
  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await api.post('/staff/', values);
      reset();
      onInvited(values.email);
    } catch (error) {
      setMessage(apiErrorToForm(error, setError, ['email', 'name', 'role']));
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite a staff member"
      description="They get an e-mail with a link to choose a password. The link works for 7 days."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {message ? <Alert>{message}</Alert> : null}
        <TextField label="E-mail" type="email" autoComplete="off" error={formState.errors.email?.message} {...register('email')} />
        <TextField label="Name" autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
        <SelectField label="Role" error={formState.errors.role?.message} {...register('role')}>
          <RoleOptions />
        </SelectField>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            Send the invitation
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const RoleFormSchema = StaffInvitePayloadSchema.pick({ role: true });

function RoleDialog({ member, onClose, onChanged }: { member: StaffMember; onClose: () => void; onChanged: (text: string) => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<{ role: StaffRole }>({
    resolver: zodResolver(RoleFormSchema),
    defaultValues: { role: member.role },
  });
  const submit = handleSubmit(async ({ role }) => {
    setMessage(null);
    try {
      await api.patch(`/staff/${member.id}/`, { role });
      onChanged(`${member.name} is now ${STAFF_ROLE_LABELS[role]}.`);
    } catch (error) {
      setMessage(apiErrorToForm(error, setError, ['role']));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Change the role of ${member.name}`}
      description="The new role applies to their next request."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {message ? <Alert>{message}</Alert> : null}
        <SelectField label="Role" error={formState.errors.role?.message} {...register('role')}>
          <RoleOptions />
        </SelectField>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            Change the role
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const column = listColumns<StaffMember>();

/** The owner's list of staff: invite, change a role, disable or enable, resend an invitation. */
export function StaffPage() {
  const staff = useLoaderData<StaffMember[]>();
  const me = useMe();
  const { revalidate } = useRevalidator();
  const [inviting, setInviting] = useState(false);
  const [changingRole, setChangingRole] = useState<StaffMember | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const columns = useMemo(() => {
    const act = async (write: () => Promise<unknown>, success: string) => {
      setNotice(null);
      try {
        await write();
        setNotice({ tone: 'success', text: success });
        await revalidate();
      } catch (error) {
        setNotice({ tone: 'error', text: errorMessage(error) });
      }
    };
    return column.columns([
      column.accessor('name', {
        header: 'Name',
        cell: ({ row }) => (
          <div className="min-w-48">
            <div className="font-medium text-ink">{row.original.name}</div>
            <div className="text-xs break-all text-muted">{row.original.email}</div>
          </div>
        ),
      }),
      column.accessor('role', { header: 'Role', cell: ({ getValue }) => STAFF_ROLE_LABELS[getValue()] }),
      column.accessor('status', {
        header: 'Status',
        cell: ({ row }) => (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.original.status]}`}>
            {STATUS_LABEL[row.original.status]}
          </span>
        ),
      }),
      column.accessor('two_factor_enabled', { header: 'Two-factor', cell: ({ getValue }) => (getValue() ? 'On' : 'Off') }),
      column.accessor('last_login_at', { header: 'Last sign-in', cell: ({ getValue }) => formatDateTime(getValue()) }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => {
          const member = row.original;
          if (member.id === me.id) return <span className="text-xs text-muted">You</span>;
          return (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger
                className="rounded-md border border-line px-2.5 py-1 text-sm font-medium hover:bg-neutral-100"
                aria-label={`Actions for ${member.name}`}
              >
                Manage
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="end"
                  sideOffset={4}
                  className="z-50 min-w-48 rounded-md border border-line bg-white p-1 shadow-lg"
                >
                  <DropdownMenu.Item
                    onSelect={() => setChangingRole(member)}
                    className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-highlighted:bg-neutral-100"
                  >
                    Change role
                  </DropdownMenu.Item>
                  {member.status === 'invited' ? (
                    <DropdownMenu.Item
                      onSelect={() =>
                        void act(
                          () => api.post(`/staff/${member.id}/resend-invitation/`),
                          `A new invitation is on its way to ${member.email}.`,
                        )
                      }
                      className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-highlighted:bg-neutral-100"
                    >
                      Resend invitation
                    </DropdownMenu.Item>
                  ) : null}
                  {member.status === 'disabled' ? (
                    <DropdownMenu.Item
                      onSelect={() =>
                        void act(() => api.patch(`/staff/${member.id}/`, { status: 'active' }), `${member.name} can sign in again.`)
                      }
                      className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-highlighted:bg-neutral-100"
                    >
                      Enable
                    </DropdownMenu.Item>
                  ) : (
                    <DropdownMenu.Item
                      onSelect={() =>
                        void act(
                          () => api.patch(`/staff/${member.id}/`, { status: 'disabled' }),
                          `${member.name} is disabled and signed out.`,
                        )
                      }
                      className="cursor-pointer rounded px-3 py-2 text-sm text-red-700 outline-none data-highlighted:bg-red-50"
                    >
                      Disable
                    </DropdownMenu.Item>
                  )}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          );
        },
      }),
    ]);
  }, [me.id, revalidate]);

  return (
    <div>
      <PageHeader
        title="Staff"
        description="Who can sign in to the back office, and what each role may do."
        action={<Button onClick={() => setInviting(true)}>Invite a staff member</Button>}
      />
      {notice ? (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      <DataTable columns={columns} data={staff} caption="Staff members" empty="No staff yet." />
      <InviteDialog
        open={inviting}
        onOpenChange={setInviting}
        onInvited={(email) => {
          setInviting(false);
          setNotice({ tone: 'success', text: `An invitation is on its way to ${email}.` });
          void revalidate();
        }}
      />
      {changingRole ? (
        <RoleDialog
          member={changingRole}
          onClose={() => setChangingRole(null)}
          onChanged={(text) => {
            setChangingRole(null);
            setNotice({ tone: 'success', text });
            void revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
