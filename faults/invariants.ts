/**
 * What must hold after every fault, as SQL the suite runs against the store's database (PostgreSQL
 * or PGlite). Each query answers one row of counts; the columns in `zero` must be 0. The baseline
 * (faults.baseline, faults.stock_baseline) is written just before each burst, so the checks look
 * only at what the burst did.
 */
export type Invariant = { name: string; sql: string; zero: string[] };

/** Before a burst: the stock of every variant and the last order and outbox row so far. */
export const BASELINE = [
  'create schema if not exists faults',
  'drop table if exists faults.stock_baseline',
  'create table faults.stock_baseline as select id as variant_id, stock from variants',
  'drop table if exists faults.baseline',
  `create table faults.baseline as
     select (select coalesce(max(id), 0) from orders) as order_id,
            (select coalesce(max(id), 0) from outbox) as outbox_id,
            (select coalesce(max(id), 0) from payments) as payment_id`,
];

/** $1: every order number a 2xx pay answer told a shopper. Each exists, with its lines. */
export const toldOrdersExist: Invariant = {
  name: 'told_orders_exist',
  sql: `with told as (select distinct unnest($1::text[]) as number)
        select count(*)::int as told,
               count(*) filter (where o.id is null)::int as missing,
               count(*) filter (where o.id is not null and not exists (select 1 from order_lines l where l.order_id = o.id))::int as without_lines
        from told t left join orders o on o.number = t.number`,
  zero: ['missing', 'without_lines'],
};

/** Every order of the burst has its lines (no half-written order). */
export const ordersHaveLines: Invariant = {
  name: 'orders_have_lines',
  sql: `select count(*)::int as orders,
               count(*) filter (where not exists (select 1 from order_lines l where l.order_id = o.id))::int as without_lines,
               count(*) filter (where o.status = 'cancelled')::int as cancelled
        from orders o where o.id > (select order_id from faults.baseline)`,
  zero: ['without_lines'],
};

/** For every variant: stock before the burst − units in the burst's orders that are not cancelled = stock now. */
export const stockMatchesSales: Invariant = {
  name: 'stock_matches_sales',
  sql: `with sold as (
          select l.variant_id, sum(l.quantity)::int as units
          from order_lines l join orders o on o.id = l.order_id
          where o.id > (select order_id from faults.baseline) and o.status <> 'cancelled' and l.variant_id is not null
          group by l.variant_id)
        select count(*)::int as variants,
               coalesce(sum(s.units), 0)::int as units_sold,
               count(*) filter (where b.stock - coalesce(s.units, 0) <> v.stock)::int as mismatched,
               count(*) filter (where v.stock < 0)::int as negative
        from faults.stock_baseline b join variants v on v.id = b.variant_id left join sold s on s.variant_id = b.variant_id`,
  zero: ['mismatched', 'negative'],
};

/** No payment without its order, and no gateway order without its payment. */
export const paymentsHaveOrders: Invariant = {
  name: 'payments_have_orders',
  sql: `select (select count(*) from payments)::int as payments,
               (select count(*) from payments p where not exists (select 1 from orders o where o.id = p.order_id))::int as without_order,
               (select count(*) from orders o where o.payment_method in ('bkash', 'card')
                  and not exists (select 1 from payments p where p.order_id = o.id))::int as gateway_orders_without_payment`,
  zero: ['without_order', 'gateway_orders_without_payment'],
};

/** One order per shopper and Idempotency-Key; a cash order closed its bag. */
export const oneOrderPerKey: Invariant = {
  name: 'one_order_per_key',
  sql: `select (select count(*) from orders where idempotency_key is not null)::int as keyed_orders,
               (select count(*) from (select coalesce(customer_id::text, guest_id), idempotency_key from orders
                  where idempotency_key is not null group by 1, 2 having count(*) > 1) d)::int as keys_with_two_orders,
               (select count(*) from orders o join carts c on c.id = o.cart_id
                  where o.payment_method in ('cod', 'cash_on_pickup') and o.status <> 'cancelled' and c.status <> 'ordered')::int as cash_orders_with_open_bag`,
  zero: ['keys_with_two_orders', 'cash_orders_with_open_bag'],
};

/** A gateway payment is paid at most once, and only with its order confirmed; no status change happens twice. */
export const paidAtMostOnce: Invariant = {
  name: 'paid_at_most_once',
  sql: `select (select count(*) from payments where status = 'paid')::int as paid_payments,
               (select count(*) from (select order_id from payments where status in ('paid', 'refunded')
                  group by order_id having count(*) > 1) d)::int as orders_paid_twice,
               (select count(*) from orders o where o.payment_status = 'paid' and o.payment_method in ('bkash', 'card')
                  and not exists (select 1 from payments p where p.order_id = o.id and p.status in ('paid', 'refunded')))::int as paid_without_payment,
               (select count(*) from payments p join orders o on o.id = p.order_id
                  where p.status = 'paid' and (o.payment_status <> 'paid' or o.status <> 'confirmed'))::int as paid_but_order_not_confirmed,
               (select count(*) from (select order_id, kind, to_status from order_events
                  group by 1, 2, 3 having count(*) > 1) d)::int as transitions_repeated`,
  zero: ['orders_paid_twice', 'paid_without_payment', 'paid_but_order_not_confirmed', 'transitions_repeated'],
};

/** The confirmation SMS of an order is queued at most once. */
export const confirmationsOnce: Invariant = {
  name: 'confirmations_once',
  sql: `select count(*)::int as confirmed_orders,
               count(*) filter (where n > 1)::int as sent_twice
        from (select substring(body from 'order ([A-Z0-9-]+) is') as number, count(*) as n
              from outbox where channel = 'sms' and body like 'GlowBazaar: order %' group by 1) c`,
  zero: ['sent_twice'],
};

/** $1: the number of migration files. Every one of them is recorded as applied, once. */
export const migrationsApplied: Invariant = {
  name: 'migrations_applied',
  sql: `select count(*)::int as applied, ($1::int - count(*))::int as missing,
               (count(*) - count(distinct hash))::int as duplicated
        from drizzle.__drizzle_migrations`,
  zero: ['missing', 'duplicated'],
};

/** $1: the phone asked for a code while the SMS gateway was down. Nothing to it counts as sent. */
export const smsNotSentWhileDown: Invariant = {
  name: 'sms_not_sent_while_gateway_down',
  sql: `select count(*)::int as messages,
               count(*) filter (where status = 'sent')::int as sent,
               count(*) filter (where status <> 'sent')::int as not_sent
        from outbox where channel = 'sms' and recipient = $1 and id > (select outbox_id from faults.baseline)`,
  zero: ['sent'],
};

/** The checks every burst ends with. */
export const AFTER_BURST: Invariant[] = [toldOrdersExist, ordersHaveLines, stockMatchesSales, paymentsHaveOrders, oneOrderPerKey];
