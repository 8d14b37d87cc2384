import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useLoaderData } from 'react-router';
import { AdminStoreLocationInputSchema, type AdminStoreLocation, type AdminStoreLocationInput } from '@store/shared/admin-navigation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { PageHeader, Section } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { apiErrorToForm, errorMessage } from '../../../lib/forms';
import { DragHandle, MoveButtons, SortableList, UnsavedChangesGuard, blankToNull, moved } from '../menus/ordering';

export async function locationsLoader({ request }: { request: Request }): Promise<AdminStoreLocation[]> {
  return (await api.get<{ data: AdminStoreLocation[] }>('/content/store-locations/', request.signal)).data;
}

const BLANK: AdminStoreLocationInput = { name: '', address: '', area: '', city: 'Dhaka', phone: '', hours: '', map_url: null };
const FIELDS = Object.keys(BLANK) as Path<AdminStoreLocationInput>[];

function LocationDialog({
  location,
  onClose,
  onSaved,
}: {
  location: AdminStoreLocation | null;
  onClose: () => void;
  onSaved: (location: AdminStoreLocation) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const defaults = location
    ? {
        name: location.name,
        address: location.address,
        area: location.area,
        city: location.city,
        phone: location.phone,
        hours: location.hours,
        map_url: location.map_url,
      }
    : BLANK;
  const form = useForm<AdminStoreLocationInput>({ resolver: zodResolver(AdminStoreLocationInputSchema), defaultValues: defaults });
  const errors = form.formState.errors;
  const close = () => {
    if (form.formState.isDirty && !window.confirm('Discard the changes to this store?')) return;
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const saved = location
        ? (await api.patch<{ data: AdminStoreLocation }>(`/content/store-locations/${location.id}/`, values)).data
        : (await api.post<{ data: AdminStoreLocation }>('/content/store-locations/', values)).data;
      onSaved(saved);
    } catch (error) {
      setMessage(apiErrorToForm(error, form.setError, FIELDS));
    }
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())} title={location ? `Edit “${location.name}”` : 'Add a store'}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Store location">
        <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
        <TextAreaField label="Address" rows={2} error={errors.address?.message} {...form.register('address')} />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Area" error={errors.area?.message} {...form.register('area')} />
          <TextField label="City" error={errors.city?.message} {...form.register('city')} />
        </div>
        <TextField label="Phone" inputMode="tel" placeholder="+8801711000000" error={errors.phone?.message} {...form.register('phone')} />
        <TextField
          label="Opening hours"
          placeholder="Sat–Thu 10am–9pm"
          hint="As shoppers read it at checkout."
          error={errors.hours?.message}
          {...form.register('hours')}
        />
        <TextField
          label="Map link"
          placeholder="https://maps.google.com/?q=…"
          hint="Optional: the store on a map."
          error={errors.map_url?.message}
          {...form.register('map_url', { setValueAs: blankToNull })}
        />
        {message ? <Alert>{message}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {location ? 'Save store' : 'Add store'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The shop's stores: shoppers pick one for pickup at checkout. */
export function LocationsPage() {
  const initial = useLoaderData<AdminStoreLocation[]>();
  const [list, setList] = useState(initial);
  const [base, setBase] = useState(initial);
  const both = (change: (l: AdminStoreLocation[]) => AdminStoreLocation[]) => {
    setList(change);
    setBase(change);
  };
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState<{ location: AdminStoreLocation | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminStoreLocation | null>(null);

  const move = (from: number, to: number) => {
    setList(moved(list, from, to));
    setDirty(true);
    setResult(null);
  };
  const saveOrder = async () => {
    setBusy(true);
    setResult(null);
    try {
      const saved = (await api.put<{ data: AdminStoreLocation[] }>('/content/store-locations/order/', { ids: list.map((l) => l.id) })).data;
      setList(saved);
      setBase(saved);
      setDirty(false);
      setResult({ tone: 'success', text: 'Order saved.' });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`/content/store-locations/${deleting.id}/`);
      const id = deleting.id;
      both((l) => l.filter((x) => x.id !== id));
      setResult({ tone: 'success', text: `“${deleting.name}” deleted.` });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error) });
    } finally {
      setDeleting(null);
      setBusy(false);
    }
  };

  return (
    <div>
      <PageHeader
        title="Store locations"
        description="Where shoppers can pick up an order: shown at checkout with the address, hours and map link."
        action={<Button onClick={() => setEditing({ location: null })}>Add a store</Button>}
      />
      <Section title="Stores" description="Drag a store by its handle or use the arrows, then save the order.">
        <div className="space-y-4">
          {dirty ? (
            <div className="flex flex-wrap items-center justify-end gap-2">
              <span className="text-sm font-medium text-amber-700">Unsaved order</span>
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => {
                  setList(base);
                  setDirty(false);
                }}
              >
                Undo changes
              </Button>
              <Button disabled={busy} onClick={() => void saveOrder()}>
                Save order
              </Button>
            </div>
          ) : null}
          {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
          {list.length ? (
            <SortableList items={list} label="Stores" nameOf={(location) => location.name} onMove={move}>
              {(location, index, handle) => (
                <div className="flex flex-wrap items-start gap-1 rounded-md border border-line bg-white p-1" data-testid="store-location">
                  <DragHandle name={location.name} handle={handle} />
                  <div className="min-w-0 flex-1 space-y-0.5 py-1 text-sm">
                    <p className="font-semibold text-ink">{location.name}</p>
                    <p className="text-muted">
                      {location.address}, {location.area}, {location.city}
                    </p>
                    <p className="text-muted">
                      {location.phone} · {location.hours}
                    </p>
                    {location.map_url ? (
                      <a href={location.map_url} target="_blank" rel="noopener noreferrer" className="text-brand underline">
                        Map
                      </a>
                    ) : null}
                  </div>
                  <div className="flex w-full flex-wrap items-center justify-end gap-0.5 sm:w-auto">
                    <MoveButtons name={location.name} index={index} count={list.length} onMove={(to) => move(index, to)} />
                    <Button variant="ghost" className="px-2! sm:px-3!" onClick={() => setEditing({ location })}>
                      Edit
                    </Button>
                    <Button variant="ghost" className="px-2! text-red-700 sm:px-3!" onClick={() => setDeleting(location)}>
                      Delete
                    </Button>
                  </div>
                </div>
              )}
            </SortableList>
          ) : (
            <p className="rounded-md border border-dashed border-line p-6 text-center text-sm text-muted">No stores yet.</p>
          )}
        </div>
      </Section>
      {editing ? (
        <LocationDialog
          location={editing.location}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            both((l) => (l.some((x) => x.id === saved.id) ? l.map((x) => (x.id === saved.id ? saved : x)) : [...l, saved]));
            setResult({ tone: 'success', text: `“${saved.name}” saved. Checkout shows it now.` });
            setEditing(null);
          }}
        />
      ) : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description="Shoppers can no longer choose it for pickup."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void confirmDelete()}>
            Delete
          </Button>
        </div>
      </Dialog>
      <UnsavedChangesGuard dirty={dirty} />
    </div>
  );
}
