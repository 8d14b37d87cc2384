import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Notifications } from '../../db/client.js';
import { attachBus, CACHE_TAGS, invalidateHere, type CacheTag } from './invalidation.js';

/*
 * Cross-process invalidation (issue 19): every process publishes the tags it invalidated on one
 * channel and forgets what the others publish. PostgreSQL's LISTEN/NOTIFY by default (the embedded
 * PGlite has it too, so `npm start` runs the same code), Redis pub/sub when REDIS_URL is set. A
 * message is a few bytes and arrives within milliseconds of the commit it follows; a process that lost
 * its channel for a while forgets everything once it hears again, since it may have missed some.
 */

export const INVALIDATION_CHANNEL = 'store_invalidate';

/** How long boot waits for Redis to confirm the subscription before serving anyway. */
const SUBSCRIBE_WAIT_MS = 2000;

/** On the wire: who sent it (a process ignores its own) and the tags. */
type Message = { from: string; tags: CacheTag[] };

export type BusLog = { warn(obj: object, msg: string): void };

/** A running bus: `origin` names this process on the channel. */
export type RunningBus = { origin: string; close(): Promise<void> };

function parse(raw: string): Message | null {
  try {
    const m = JSON.parse(raw) as Partial<Message>;
    if (typeof m.from !== 'string' || !Array.isArray(m.tags)) return null;
    const tags = m.tags.filter((t): t is CacheTag => (CACHE_TAGS as readonly string[]).includes(t as string));
    return { from: m.from, tags };
  } catch {
    return null;
  }
}

/** What a process does with a message: forget the tagged entries, unless it sent the message itself. */
function receiver(origin: string) {
  return (raw: string) => {
    const m = parse(raw);
    if (m && m.from !== origin && m.tags.length) invalidateHere(m.tags);
  };
}

const everything = () => invalidateHere(CACHE_TAGS);

/**
 * How long a process gathers its invalidations before it publishes them as one message: under a
 * stream of orders (each one moves stock) the others get a few messages a second, not hundreds, and
 * still forget well within a second of the commit.
 */
export const PUBLISH_COALESCE_MS = 50;

/**
 * Publishes this process's invalidations with `send`, best effort after the commit: a message lost
 * leaves the others' entries to expire by their time to live. Invalidations within
 * PUBLISH_COALESCE_MS of the first go out together; what is gathered is sent before the bus closes.
 * Returns the function that stops publishing (and sends what was gathered).
 */
function publishWith(origin: string, send: (payload: string) => Promise<unknown>, log: BusLog): () => Promise<void> {
  const gathered = new Set<CacheTag>();
  let timer: NodeJS.Timeout | null = null;
  const flush = async () => {
    timer = null;
    if (!gathered.size) return;
    const message: Message = { from: origin, tags: [...gathered] };
    gathered.clear();
    await send(JSON.stringify(message)).catch((err: unknown) => log.warn({ err }, 'cache invalidation not sent to the other processes'));
  };
  const detach = attachBus({
    publish(tags) {
      for (const tag of tags) gathered.add(tag);
      timer ??= setTimeout(() => void flush(), PUBLISH_COALESCE_MS);
    },
  });
  return async () => {
    detach();
    if (timer) clearTimeout(timer);
    await flush();
  };
}

/** The bus over the database's LISTEN/NOTIFY. */
export async function startDatabaseBus(notifications: Notifications, log: BusLog): Promise<RunningBus> {
  const origin = randomUUID();
  const stop = await notifications.listen(INVALIDATION_CHANNEL, receiver(origin), everything);
  const detach = publishWith(origin, (payload) => notifications.notify(INVALIDATION_CHANNEL, payload), log);
  return {
    origin,
    async close() {
      await detach();
      await stop();
    },
  };
}

/** The bus over Redis pub/sub: a subscriber connection and a publishing one (ioredis reconnects both by itself). */
export async function startRedisBus(url: string, log: BusLog): Promise<RunningBus> {
  const origin = randomUUID();
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  subscriber.on('error', (err) => log.warn({ err }, 'redis invalidation subscriber'));
  publisher.on('error', (err) => log.warn({ err }, 'redis invalidation publisher'));
  const onMessage = receiver(origin);
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel === INVALIDATION_CHANNEL) onMessage(raw);
  });
  let ready = false;
  subscriber.on('ready', () => {
    // ioredis subscribes again after a reconnect; what was published meanwhile was missed.
    if (ready) everything();
    ready = true;
  });
  // Redis away at boot must not keep the process from serving: ioredis subscribes once it connects.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    subscriber.subscribe(INVALIDATION_CHANNEL).catch((err: unknown) => log.warn({ err }, 'redis invalidation subscribe')),
    new Promise((r) => (timer = setTimeout(r, SUBSCRIBE_WAIT_MS))),
  ]).finally(() => clearTimeout(timer));
  const detach = publishWith(origin, (payload) => publisher.publish(INVALIDATION_CHANNEL, payload), log);
  return {
    origin,
    async close() {
      await detach();
      await Promise.all([subscriber.quit().catch(() => subscriber.disconnect()), publisher.quit().catch(() => publisher.disconnect())]);
    },
  };
}
