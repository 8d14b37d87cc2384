import { useMemo } from 'react';
import { Form, Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { formatCardNumber, type AdminCard, type AdminCardPage, type CardHolder, type CardState } from '@store/shared/admin-cards';
import { formatTaka } from '@store/shared/money';
import { Button, buttonClass } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { TextField } from '../../components/ui/field';
import { stateBadge } from '../../components/ui/badge';
import { PageHeader } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { api } from '../../lib/api';

const PAGE_SIZE = 25;

type ListData = { page: AdminCardPage; q: string };

/** The page the URL asks for (?q= a number or a holder's phone or e-mail, ?page=). */
export async function cardsLoader({ request }: LoaderFunctionArgs): Promise<ListData> {
  const url = new URL(request.url);
  const query = new URLSearchParams({ page_size: String(PAGE_SIZE) });
  const q = url.searchParams.get('q')?.trim() ?? '';
  if (q) query.set('q', q);
  const page = url.searchParams.get('page');
  if (page && /^\d{1,6}$/.test(page)) query.set('page', page);
  return { page: await api.get<AdminCardPage>(`/offers/cards/?${query}`, request.signal), q };
}

export const CardStateBadge = stateBadge<CardState>({
  active: { label: 'Active', tone: 'good' },
  expired: { label: 'Expired', tone: 'waiting' },
  inactive: { label: 'Inactive', tone: 'quiet' },
});

export function HolderText({ holder }: { holder: CardHolder | null }) {
  if (!holder) return <span className="text-muted">Not linked</span>;
  return (
    <div className="min-w-0">
      <div className="wrap-anywhere">{holder.name || `Customer #${holder.id}`}</div>
      <div className="text-xs wrap-anywhere text-muted">{[holder.phone, holder.email].filter(Boolean).join(' · ')}</div>
    </div>
  );
}

/** '2026-12-31' → '31 Dec 2026'. */
export function formatDay(day: string | null): string {
  if (!day) return 'No expiry';
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m! - 1]} ${y}`;
}

const column = listColumns<AdminCard>();

/** Every card: its holder, percent, state and what it gave; searchable and paged. */
export function CardsListPage() {
  const { page, q } = useLoaderData<ListData>();
  const navigate = useNavigate();
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('number', {
          header: 'Card',
          cell: ({ row }) => (
            <Link
              to={`/offers/cards/${row.original.id}`}
              className="font-mono font-semibold whitespace-nowrap text-brand underline-offset-2 hover:underline"
            >
              {formatCardNumber(row.original.number)}
            </Link>
          ),
        }),
        column.accessor('holder', { header: 'Holder', cell: ({ row }) => <HolderText holder={row.original.holder} /> }),
        column.accessor('percent', { header: 'Rebate', cell: ({ getValue }) => <span className="tabular-nums">{getValue()}%</span> }),
        column.accessor('state', { header: 'State', cell: ({ getValue }) => <CardStateBadge state={getValue()} /> }),
        column.accessor('expires_on', {
          header: 'Expires',
          cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDay(getValue())}</span>,
        }),
        column.accessor('orders', {
          header: 'Used',
          cell: ({ row }) => (
            <span className="whitespace-nowrap tabular-nums">
              {row.original.orders} {row.original.orders === 1 ? 'order' : 'orders'}
              <span className="block text-xs text-muted">{formatTaka(row.original.rebate_total)} given</span>
            </span>
          ),
        }),
      ]),
    [],
  );
  const go = (to: number) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (to > 1) params.set('page', String(to));
    void navigate(`/offers/cards${params.size ? `?${params}` : ''}`);
  };
  return (
    <div>
      <PageHeader
        title="Privilege cards"
        description="Cards that give their holder a percent off every bag. Shoppers link a card in their account; you can issue one straight to a customer."
        action={
          <Link to="/offers/cards/new" className={buttonClass()}>
            Issue card
          </Link>
        }
      />
      <Form
        method="get"
        role="search"
        aria-label="Find cards"
        className="mb-4 flex flex-col gap-3 rounded-lg border border-line bg-white p-4 shadow-xs sm:flex-row sm:items-end"
      >
        <div className="min-w-0 flex-1">
          <TextField label="Card number, phone or e-mail" name="q" defaultValue={q} key={q} type="search" autoComplete="off" />
        </div>
        <div className="flex gap-2">
          <Button type="submit">Search</Button>
          {q ? (
            <Link to="/offers/cards" className={buttonClass('secondary')}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <DataTable columns={columns} data={page.data} caption="Privilege cards" empty={q ? 'No card matches.' : 'No cards yet.'} />
      <Pager total={page.meta.total} page={page.meta.page} pageSize={page.meta.page_size} noun={['card', 'cards']} onPage={go} />
    </div>
  );
}
