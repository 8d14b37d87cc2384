import { useMemo } from 'react';
import { useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { StaffMember } from '@store/shared/admin';
import { AuditQuerySchema, type AuditEntry, type AuditPage as AuditPageData } from '@store/shared/admin-settings';
import { useUrlFilterForm } from '../../lib/list-filters';
import { Button } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { SelectField, TextField } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useMe } from '../../lib/me';
import { Pager } from '../../components/ui/pager';

const PAGE_SIZE = 25;
const FILTERS = ['staff_id', 'entity', 'action', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

type AuditData = { page: AuditPageData; staff: StaffMember[] | null };

/** The page of entries the URL's filters ask for, and the staff list for the member filter (when this role may read it). */
export async function auditLoader({ request }: LoaderFunctionArgs): Promise<AuditData> {
  const url = new URL(request.url);
  const query = new URLSearchParams({ page_size: String(PAGE_SIZE) });
  for (const key of [...FILTERS, 'page']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  const [page, staff] = await Promise.all([
    api.get<AuditPageData>(`/audit/?${query}`, request.signal),
    // Only owners may list the staff; for a manager the filter offers the members seen in the entries.
    api.get<{ data: StaffMember[] }>('/staff/', request.signal).then(
      (r) => r.data,
      (error: unknown) => (error instanceof ApiError && error.code === 'forbidden' ? null : Promise.reject(error)),
    ),
  ]);
  return { page, staff };
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 1);
}

/** Before and after of each changed field. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.changes);
  return (
    <div className="space-y-2">
      {fields.length === 0 ? (
        <p className="text-sm text-muted">No field changed.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Changes</caption>
          <thead className="text-xs text-muted uppercase">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Field
              </th>
              <th scope="col" className="py-1 pr-3">
                Before
              </th>
              <th scope="col" className="py-1">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map(([field, [before, after]]) => (
              <tr key={field} className="border-t border-line align-top">
                <th scope="row" className="py-1.5 pr-3 font-mono text-xs font-medium">
                  {field}
                </th>
                <td className="py-1.5 pr-3">
                  <pre className="font-sans text-xs break-all whitespace-pre-wrap text-red-800">{show(before)}</pre>
                </td>
                <td className="py-1.5">
                  <pre className="font-sans text-xs break-all whitespace-pre-wrap text-green-800">{show(after)}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="text-xs text-muted">
        {entry.ip ?? 'No IP'} · {entry.user_agent ?? 'No user agent'}
      </p>
    </div>
  );
}

const column = listColumns<AuditEntry>();
const columns = column.columns([
  column.display({
    id: 'open',
    header: () => <span className="sr-only">Details</span>,
    cell: ({ row }) => (
      <button
        type="button"
        onClick={row.getToggleExpandedHandler()}
        aria-expanded={row.getIsExpanded()}
        aria-label={`${row.getIsExpanded() ? 'Hide' : 'Show'} the changes of entry ${row.original.id}`}
        className="grid size-7 place-items-center rounded hover:bg-neutral-200"
      >
        <span aria-hidden="true" className={`inline-block transition-transform ${row.getIsExpanded() ? 'rotate-90' : ''}`}>
          ›
        </span>
      </button>
    ),
  }),
  column.accessor('created_at', {
    header: 'When',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
  }),
  column.accessor('staff', {
    header: 'Member',
    cell: ({ getValue }) => {
      const staff = getValue();
      return staff ? <span title={staff.email}>{staff.name}</span> : <span className="text-muted">System</span>;
    },
  }),
  column.accessor('action', { header: 'Action', cell: ({ getValue }) => <span className="font-mono text-xs">{getValue()}</span> }),
  column.accessor('entity', {
    header: 'Entity',
    cell: ({ row }) => (
      <span className="font-mono text-xs">
        {row.original.entity}
        {row.original.entity_id ? ` #${row.original.entity_id}` : ''}
      </span>
    ),
  }),
  column.display({ id: 'fields', header: 'Fields', cell: ({ row }) => Object.keys(row.original.changes).join(', ') || '—' }),
]);

/** Who changed what and when: filter, page, and open a row for its before/after. */
export function AuditPage() {
  const { page, staff } = useLoaderData<AuditData>();
  const me = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const current = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Filters;
  const { register, handleSubmit, setError, formState, reset } = useUrlFilterForm<Filters>(current);
  // The member filter lists the staff (owners) or the members seen on this page (managers, who cannot list staff).
  const members = useMemo(() => {
    const seen = new Map<number, string>();
    for (const m of staff ?? []) seen.set(m.id, m.name);
    for (const e of page.data) if (e.staff) seen.set(e.staff.id, e.staff.name);
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
  }, [staff, page.data]);

  const go = (filters: Partial<Filters>, pageNumber = 1) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) next.set(key, value);
    if (pageNumber > 1) next.set('page', String(pageNumber));
    return navigate(`?${next}`);
  };
  const apply = handleSubmit(async (filters) => {
    // The API's own query schema, so a bad date is answered here, under its field.
    const parsed = AuditQuerySchema.safeParse(Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FILTERS.find((f) => f === issue.path[0]);
        if (field) setError(field, { type: 'schema', message: issue.message });
      }
      return;
    }
    await go(filters);
  });

  return (
    <div>
      <PageHeader
        title="Audit log"
        description="Every change made in the back office: who, what, when and from where. Entries cannot be edited or deleted."
      />
      <form
        onSubmit={apply}
        noValidate
        aria-label="Filter the audit log"
        className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-line bg-white p-4 shadow-xs lg:grid-cols-6 lg:items-end"
      >
        <SelectField label="Member" {...register('staff_id')}>
          <option value="">Anyone</option>
          {members.map(([id, name]) => (
            <option key={id} value={String(id)}>
              {name}
              {id === me.id ? ' (you)' : ''}
            </option>
          ))}
        </SelectField>
        <TextField label="Entity" placeholder="settings" error={formState.errors.entity?.message} {...register('entity')} />
        <TextField label="Action" placeholder="settings.update" error={formState.errors.action?.message} {...register('action')} />
        <TextField label="From" type="date" error={formState.errors.from?.message} {...register('from')} />
        <TextField label="To" type="date" error={formState.errors.to?.message} {...register('to')} />
        <div className="col-span-2 flex gap-2 lg:col-span-1">
          <Button type="submit" className="flex-1">
            Filter
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              reset(Object.fromEntries(FILTERS.map((k) => [k, ''])) as Filters);
              void go({});
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      <DataTable
        columns={columns}
        data={page.data}
        caption="Audit log entries"
        empty="No entries match these filters."
        detail={(entry) => <Changes entry={entry} />}
      />
      <Pager
        total={page.meta.total}
        page={page.meta.page}
        pageSize={page.meta.page_size}
        noun={['entry', 'entries']}
        onPage={(n) => void go(current, n)}
      />
    </div>
  );
}
