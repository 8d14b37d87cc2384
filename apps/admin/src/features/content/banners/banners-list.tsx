import { useMemo, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { AdminBanner } from '@store/shared/admin-content';
import { DEPARTMENT_KEYS, type DepartmentKey } from '@store/shared/constants';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { DataTable, listColumns } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/forms';
import { StateBadge } from '../shared';
import { AUDIENCE_LABELS, DEPARTMENT_LABELS, DEVICE_LABELS, PLACEMENT_LABELS, departmentFromParam, departmentParam } from './labels';

type BannersData = { department: DepartmentKey | null; banners: AdminBanner[] };

/** The banners of the department in ?department= (every department without it). */
export async function bannersLoader({ request }: LoaderFunctionArgs): Promise<BannersData> {
  const department = departmentFromParam(new URL(request.url).searchParams.get('department'));
  const query = department === null ? '' : `?department=${encodeURIComponent(department)}`;
  const banners = (await api.get<{ data: AdminBanner[] }>(`/content/banners/${query}`, request.signal)).data;
  return { department, banners };
}

/** The window in two lines: "From 24 Nov 2026, 18:30" / "No end". */
function WindowText({ banner }: { banner: AdminBanner }) {
  return (
    <div className="text-xs whitespace-nowrap">
      <div>{banner.starts_at ? `From ${formatDateTime(banner.starts_at)}` : 'From now'}</div>
      <div className="text-muted">{banner.ends_at ? `Until ${formatDateTime(banner.ends_at)}` : 'No end'}</div>
    </div>
  );
}

const column = listColumns<AdminBanner>();

/** Banners per department: where they show, to whom, when, in which order; create, edit, delete. */
export function BannersListPage() {
  const { department, banners } = useLoaderData<BannersData>();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const [busy, setBusy] = useState(false);
  const location = useLocation();
  // The editor comes back here with what it saved.
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: 'Banner',
          cell: ({ row }) => (
            <div className="flex min-w-56 items-start gap-3">
              <img src={row.original.image.mobile} alt="" className="h-12 w-20 shrink-0 rounded object-cover" />
              <div className="min-w-0">
                <Link to={`/content/banners/${row.original.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
                  {row.original.title}
                </Link>
                <div className="font-mono text-xs break-all text-muted">{row.original.link_url}</div>
              </div>
            </div>
          ),
        }),
        column.accessor('department', {
          header: 'Where',
          cell: ({ row }) => (
            <div className="whitespace-nowrap">
              <div>{DEPARTMENT_LABELS[row.original.department]}</div>
              <div className="text-xs text-muted">{PLACEMENT_LABELS[row.original.placement]}</div>
            </div>
          ),
        }),
        column.accessor('audience', {
          header: 'Shows to',
          cell: ({ row }) => (
            <div>
              <div>{AUDIENCE_LABELS[row.original.audience]}</div>
              <div className="text-xs text-muted">{DEVICE_LABELS[row.original.device]}</div>
            </div>
          ),
        }),
        column.accessor('starts_at', { header: 'When', cell: ({ row }) => <WindowText banner={row.original} /> }),
        column.accessor('position', { header: 'Order' }),
        column.accessor('state', { header: 'State', cell: ({ getValue }) => <StateBadge state={getValue()} /> }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          cell: ({ row }) => (
            <div className="flex gap-2">
              <Link
                to={`/content/banners/${row.original.id}`}
                className={buttonClass('secondary', 'min-h-9 px-3')}
                aria-label={`Edit ${row.original.title}`}
              >
                Edit
              </Link>
              <Button
                variant="ghost"
                className="min-h-9 px-3 text-red-700"
                aria-label={`Delete ${row.original.title}`}
                onClick={() => setDeleting(row.original)}
              >
                Delete
              </Button>
            </div>
          ),
        }),
      ]),
    [],
  );

  const remove = async (banner: AdminBanner) => {
    setBusy(true);
    setNotice(null);
    try {
      await api.delete(`/content/banners/${banner.id}/`);
      setNotice({ tone: 'success', text: `The banner “${banner.title}” is deleted.` });
      await revalidate();
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div>
      <PageHeader
        title="Banners"
        description="The sliders and promos of each department’s home page: who sees them, on which screens, from when until when."
        action={
          <Link
            to={department === null ? '/content/banners/new' : `/content/banners/new?department=${departmentParam(department)}`}
            className={buttonClass()}
          >
            New banner
          </Link>
        }
      />
      <div className="mb-4 max-w-xs">
        <SelectField
          label="Department"
          value={department === null ? '' : departmentParam(department)}
          onChange={(event) => void navigate(event.target.value ? `?department=${event.target.value}` : '.')}
        >
          <option value="">All departments</option>
          {DEPARTMENT_KEYS.map((key) => (
            <option key={key} value={departmentParam(key)}>
              {DEPARTMENT_LABELS[key]}
            </option>
          ))}
        </SelectField>
      </div>
      {notice ? (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      <DataTable columns={columns} data={banners} caption="Banners" empty="No banners here yet." />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this banner?"
        {...(deleting
          ? {
              description: `“${deleting.title}” leaves the ${DEPARTMENT_LABELS[deleting.department]} home page at once. This cannot be undone.`,
            }
          : {})}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => deleting && void remove(deleting)}>
            Delete the banner
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
