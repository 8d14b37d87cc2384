import { useMemo, useState } from 'react';
import { Form, Link, useLoaderData, useLocation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { AdminBrand } from '@store/shared/admin-catalog-brands';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { DataTable, listColumns } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { DEPARTMENT_LABELS } from '../../content/banners/labels';

type BrandsData = { q: string; brands: AdminBrand[] };

/** Every brand, or those whose name or address holds ?q=. */
export async function brandsLoader({ request }: LoaderFunctionArgs): Promise<BrandsData> {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const query = q ? `?q=${encodeURIComponent(q)}` : '';
  return { q, brands: (await api.get<{ data: AdminBrand[] }>(`/catalog/brands/${query}`, request.signal)).data };
}

/** Where a brand's products are listed on the storefront. */
export const brandAddress = (handle: string) => `/brand/${handle}`;

const column = listColumns<AdminBrand>();

/** The brands: search, product counts, create, edit, delete (only without products). */
export function BrandsListPage() {
  const { q, brands } = useLoaderData<BrandsData>();
  const { revalidate } = useRevalidator();
  const location = useLocation();
  const [deleting, setDeleting] = useState<AdminBrand | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: 'Brand',
          cell: ({ row }) => (
            <div className="min-w-0">
              <Link to={`/catalog/brands/${row.original.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
                {row.original.name}
              </Link>
              <div className="font-mono text-xs break-all text-muted">{brandAddress(row.original.handle)}</div>
            </div>
          ),
        }),
        column.accessor('department', { header: 'Department', cell: ({ getValue }) => DEPARTMENT_LABELS[getValue()] }),
        column.accessor('product_count', { header: 'Products' }),
        column.accessor('page_handle', {
          header: 'Brand page',
          cell: ({ row }) => (
            <div>
              <div className="font-mono text-xs break-all">{row.original.page_handle ? `/page/${row.original.page_handle}` : 'None'}</div>
              {row.original.luxury ? <div className="text-xs text-muted">Luxury</div> : null}
            </div>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          cell: ({ row }) => (
            <div className="flex gap-2">
              <Link
                to={`/catalog/brands/${row.original.id}`}
                className={buttonClass('secondary', 'min-h-9 px-3')}
                aria-label={`Edit ${row.original.name}`}
              >
                Edit
              </Link>
              <Button
                variant="ghost"
                className="min-h-9 px-3 text-red-700"
                aria-label={`Delete ${row.original.name}`}
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

  const remove = async (brand: AdminBrand) => {
    setBusy(true);
    setNotice(null);
    try {
      await api.delete(`/catalog/brands/${brand.id}/`);
      setNotice({ tone: 'success', text: `The brand “${brand.name}” is deleted.` });
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
        title="Brands"
        description="The brands of the shop: their address, department and brand page. A brand with products cannot be deleted."
        action={
          <Link to="/catalog/brands/new" className={buttonClass()}>
            New brand
          </Link>
        }
      />
      <Form role="search" className="mb-4 flex max-w-md items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField label="Search brands" name="q" type="search" defaultValue={q} placeholder="Name or address" />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {notice ? (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      <DataTable columns={columns} data={brands} caption="Brands" empty={q ? 'No brand matches this search.' : 'No brands yet.'} />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this brand?"
        {...(deleting ? { description: `“${deleting.name}” leaves the storefront’s brand list at once. This cannot be undone.` } : {})}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => deleting && void remove(deleting)}>
            Delete the brand
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
