import { useMemo, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { GIFT_PROBLEM_LABELS, giftName, giftRuleCondition, type AdminGiftRule, type GiftRuleState } from '@store/shared/admin-gifts';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { stateBadge } from '../../components/ui/badge';
import { PageHeader } from '../../components/ui/page';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/forms';

export async function giftRulesLoader({ request }: LoaderFunctionArgs): Promise<AdminGiftRule[]> {
  return (await api.get<{ data: AdminGiftRule[] }>('/offers/gifts/', request.signal)).data;
}

export const GiftRuleStateBadge = stateBadge<GiftRuleState>({
  live: { label: 'Live', tone: 'good' },
  scheduled: { label: 'Scheduled', tone: 'waiting' },
  ended: { label: 'Ended', tone: 'quiet' },
  off: { label: 'Off', tone: 'quiet' },
});

/** The gift in a line, with its stock, and the warning when the rule cannot give it. */
export function GiftSummary({ rule }: { rule: Pick<AdminGiftRule, 'gift' | 'gift_quantity' | 'gift_problem'> }) {
  return (
    <div>
      <div>
        {rule.gift_quantity} × {giftName(rule.gift)}
      </div>
      <div className="text-xs text-muted">
        {rule.gift.variant_title} · {rule.gift.stock} in stock
      </div>
      {rule.gift_problem ? (
        <div className="mt-1 text-xs font-medium text-red-700" data-testid="gift-problem">
          {GIFT_PROBLEM_LABELS[rule.gift_problem]}
        </div>
      ) : null}
    </div>
  );
}

const column = listColumns<AdminGiftRule>();

/** Every gift rule in the bag's order: its condition, its gift and stock, its window, its uses; moved up and down in place. */
export function GiftRulesListPage() {
  const loaded = useLoaderData<AdminGiftRule[]>();
  const [rules, setRules] = useState(loaded);
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);

  const columns = useMemo(() => {
    const move = async (index: number, by: -1 | 1) => {
      const next = [...rules];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      setMoving(true);
      setError(null);
      try {
        const { data } = await api.put<{ data: AdminGiftRule[] }>('/offers/gifts/order/', { ids: next.map((r) => r.id) });
        setRules(data);
      } catch (err) {
        setError(errorMessage(err));
      } finally {
        setMoving(false);
      }
    };
    return column.columns([
      column.accessor('title', {
        header: 'Rule',
        cell: ({ row }) => (
          <div>
            <Link to={`/offers/gifts/${row.original.id}`} className="font-semibold text-brand underline-offset-2 hover:underline">
              {row.original.title}
            </Link>
            <div className="text-xs text-muted">{giftRuleCondition(row.original)}</div>
          </div>
        ),
      }),
      column.accessor('gift_variant_id', { header: 'Gift', cell: ({ row }) => <GiftSummary rule={row.original} /> }),
      column.accessor('ends_at', {
        header: 'When',
        cell: ({ row }) => (
          <span className="text-xs">
            {row.original.starts_at ? `From ${formatDateTime(row.original.starts_at)}` : 'From now'}
            <br />
            {row.original.ends_at ? `until ${formatDateTime(row.original.ends_at)}` : 'no end'}
          </span>
        ),
      }),
      column.accessor('gift_orders', {
        header: 'Given',
        cell: ({ getValue }) => (
          <span className="whitespace-nowrap tabular-nums">
            {getValue()} {getValue() === 1 ? 'order' : 'orders'}
          </span>
        ),
      }),
      column.accessor('state', { header: 'State', cell: ({ getValue }) => <GiftRuleStateBadge state={getValue()} /> }),
      column.accessor('position', {
        header: 'Order',
        cell: ({ row }) => (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              className="min-h-9 px-2"
              disabled={moving || row.index === 0}
              aria-label={`Move ${row.original.title} up`}
              onClick={() => void move(row.index, -1)}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              className="min-h-9 px-2"
              disabled={moving || row.index === rules.length - 1}
              aria-label={`Move ${row.original.title} down`}
              onClick={() => void move(row.index, 1)}
            >
              ↓
            </Button>
          </div>
        ),
      }),
    ]);
  }, [rules, moving]);

  return (
    <div>
      <PageHeader
        title="Gift rules"
        description="Free gifts the bag adds by itself: from a spend, or for buying N of a product. Shoppers part-way there see an offer box."
        action={
          <Link to="/offers/gifts/new" className={buttonClass()}>
            New gift rule
          </Link>
        }
      />
      {error ? (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      <DataTable columns={columns} data={rules} caption="Gift rules" empty="No gift rules yet." />
      <p className="mt-3 text-xs text-muted">
        The bag shows its gifts and ‘buy’ offers in this order; of the spend rules it offers only the nearest threshold not reached.
      </p>
    </div>
  );
}
