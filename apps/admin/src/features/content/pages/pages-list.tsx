import { useMemo } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { AdminPage } from '@store/shared/admin-content';
import { buttonClass } from '../../../components/ui/button';
import { DataTable, listColumns } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { StateBadge } from '../shared';

export async function pagesLoader({ request }: LoaderFunctionArgs): Promise<AdminPage[]> {
  return (await api.get<{ data: AdminPage[] }>('/content/pages/', request.signal)).data;
}

/** Where a page lives on the storefront. */
export const pageAddress = (handle: string) => `/page/${handle}`;

const column = listColumns<AdminPage>();

/** Every page, drafts and scheduled ones too, newest edit first. */
export function PagesListPage() {
  const pages = useLoaderData<AdminPage[]>();
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: 'Title',
          cell: ({ row }) => (
            <Link to={`/content/pages/${row.original.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
              {row.original.title}
            </Link>
          ),
        }),
        column.accessor('handle', {
          header: 'Address',
          cell: ({ getValue }) => <span className="font-mono text-xs break-all">{pageAddress(getValue())}</span>,
        }),
        column.accessor('state', {
          header: 'State',
          cell: ({ row }) => (
            <div className="space-y-0.5">
              <StateBadge state={row.original.state} />
              {row.original.state === 'scheduled' ? (
                <div className="text-xs text-muted">{formatDateTime(row.original.publish_at)}</div>
              ) : null}
            </div>
          ),
        }),
        column.accessor('updated_at', { header: 'Updated', cell: ({ getValue }) => formatDateTime(getValue()) }),
      ]),
    [],
  );
  return (
    <div>
      <PageHeader
        title="Pages"
        description="Information pages of the storefront (about us, policies, guides): write, preview, publish or schedule."
        action={
          <Link to="/content/pages/new" className={buttonClass()}>
            New page
          </Link>
        }
      />
      <DataTable columns={columns} data={pages} caption="Pages" empty="No pages yet." />
    </div>
  );
}
