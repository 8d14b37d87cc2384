import { useMemo, useState } from 'react';
import { Link, useLoaderData, useLocation, useRevalidator } from 'react-router';
import type { AdminCollectionSummary } from '@store/shared/admin-catalog-brands';
import { SECTION_PREFIXES, type DepartmentKey } from '@store/shared/constants';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { DataTable, listColumns } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { PageHeader } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { DEPARTMENT_LABELS } from '../../content/banners/labels';

export async function collectionsLoader({ request }: { request: Request }): Promise<AdminCollectionSummary[]> {
  return (await api.get<{ data: AdminCollectionSummary[] }>('/catalog/collections/', request.signal)).data;
}

/** Where a collection is listed on the storefront. */
export function collectionAddress(handle: string, department: DepartmentKey): string {
  const section = Object.entries(SECTION_PREFIXES).find(([, key]) => key === department)?.[0];
  return `${section ? `/${section}` : ''}/all-product/?collection=${handle}`;
}
export const KIND_LABELS = { manual: 'Hand-picked', rule: 'By rule' } as const;

const column = listColumns<AdminCollectionSummary>();

/** The collections: home sliders first, in their order; create, edit, delete. */
export function CollectionsListPage() {
  const collections = useLoaderData<AdminCollectionSummary[]>();
  const { revalidate } = useRevalidator();
  const location = useLocation();
  const [deleting, setDeleting] = useState<AdminCollectionSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: 'Collection',
          cell: ({ row }) => (
            <div className="min-w-0">
              <Link to={`/catalog/collections/${row.original.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
                {row.original.title}
              </Link>
              <div className="font-mono text-xs break-all text-muted">
                {collectionAddress(row.original.handle, row.original.department)}
              </div>
            </div>
          ),
        }),
        column.accessor('kind', { header: 'Members', cell: ({ getValue }) => KIND_LABELS[getValue()] }),
        column.accessor('product_count', { header: 'Products' }),
        column.accessor('home_position', {
          header: 'Home slider',
          cell: ({ row }) =>
            row.original.home_position === null ? (
              <span className="text-muted">Not on the home page</span>
            ) : (
              <span className="whitespace-nowrap">
                {DEPARTMENT_LABELS[row.original.department]} home, order {row.original.home_position}
              </span>
            ),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          cell: ({ row }) => (
            <div className="flex gap-2">
              <Link
                to={`/catalog/collections/${row.original.id}`}
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

  const remove = async (collection: AdminCollectionSummary) => {
    setBusy(true);
    setNotice(null);
    try {
      await api.delete(`/catalog/collections/${collection.id}/`);
      setNotice({ tone: 'success', text: `The collection “${collection.title}” is deleted. Its products stay in the shop.` });
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
        title="Collections"
        description="Groups of products, hand-picked or by rule (tags, brands, price, on sale), with their own page and, if you like, a slider on a department’s home."
        action={
          <Link to="/catalog/collections/new" className={buttonClass()}>
            New collection
          </Link>
        }
      />
      {notice ? (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      <DataTable columns={columns} data={collections} caption="Collections" empty="No collections yet." />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this collection?"
        {...(deleting
          ? { description: `“${deleting.title}” and its page leave the storefront at once (its products stay). This cannot be undone.` }
          : {})}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => deleting && void remove(deleting)}>
            Delete the collection
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
