import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { alive, childrenOf, freePort, signal, sleep, waitGone } from './processes.js';

const SERVER = 'apps/api/dist/server.js';

/** Settings every store of the suite runs with: development (simulators, the dev outbox), loopback, no sending caps in the way. */
export function baseEnv(port: number): Record<string, string> {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    MEDIA_DIR: inject('faultsMedia'),
    PAGE_CACHE_SECONDS: '0',
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    DATABASE_QUERY_TIMEOUT_MS: '2000',
    DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    PAYMENT_RECONCILE_SECONDS: '2',
    CLEANUP_INTERVAL_MINUTES: '0',
    SEND_LIMIT_PER_TARGET_HOUR: '1000',
    SEND_LIMIT_PER_IP_HOUR: '1000000',
    SEND_LIMIT_PER_DAY: '1000000',
    SEND_LIMIT_PER_HOUR: '1000000',
    SEND_LIMIT_PER_PREFIX_HOUR: '1000000',
    SEND_LIMIT_TRUSTED_PER_HOUR: '1000000',
    LOGIN_FAIL_LIMIT_PER_IP: '100000',
    NEW_BAGS_PER_IP_HOUR: '100000',
    CONNECTIONS_PER_IP: '1000',
  };
}

export type ExitRecord = { pid: number; code: number | null; signal: NodeJS.Signals | null; at: number };

/**
 * One store from the copy of the build (lib/snapshot.ts): `node apps/api/dist/server.js` run
 * directly, or under `scripts/start.mjs` (npm start's supervisor, which restarts it on a crash). Output is kept in memory, line by line, so each fault can
 * count and print what the server logged.
 */
export class StoreProcess {
  readonly base: string;
  readonly lines: string[] = [];
  readonly exits: ExitRecord[] = [];
  private child: ChildProcess | null = null;
  private readonly build = inject('faultsBuild');

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly supervised: boolean,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  static async create(env: Record<string, string>, options: { supervised?: boolean } = {}): Promise<StoreProcess> {
    const port = await freePort();
    return new StoreProcess(port, { ...baseEnv(port), ...env }, options.supervised ?? false);
  }

  start(): void {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) throw new Error('already running');
    const env: Record<string, string | undefined> = { ...process.env, ...this.env };
    for (const key of ['DATABASE_URL', 'DATA_DIR'] as const) if (!(key in this.env)) delete env[key];
    // Under the supervisor, `node scripts/start.mjs` as npm start runs it (it finds the copy built and starts the server).
    const child = spawn(process.execPath, [this.supervised ? 'scripts/start.mjs' : SERVER], {
      cwd: this.build,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.lines.push(line);
      if (this.lines.length > 20_000) this.lines.splice(0, this.lines.length - 20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const pid = child.pid!;
    child.on('exit', (code, sig) => this.exits.push({ pid, code, signal: sig, at: Date.now() }));
  }

  /** The pid of the process that serves (under the supervisor: its child). */
  serverPid(): number | null {
    const pid = this.child?.pid;
    if (!pid || !alive(pid)) return null;
    if (!this.supervised) return pid;
    return childrenOf(pid)[0] ?? null;
  }

  /** The supervisor's pid (supervised), or the server's. */
  topPid(): number | null {
    const pid = this.child?.pid;
    return pid && alive(pid) ? pid : null;
  }

  running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async ready(ms = 120_000): Promise<number> {
    const started = Date.now();
    const end = started + ms;
    while (Date.now() < end) {
      if (!this.running()) throw new Error(`the store exited: ${this.lines.slice(-60).join('\n')}`);
      try {
        const res = await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`the store was not ready in ${ms} ms: ${this.lines.slice(-20).join('\n')}`);
  }

  /** Resolves when the process this object started has exited (false after `ms`). */
  async exited(ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (this.running() && Date.now() < end) await sleep(20);
    return !this.running();
  }

  /** kill -9 of the serving process (under the supervisor, only its child). */
  kill9(): number {
    const pid = this.serverPid();
    if (!pid) throw new Error('the store is not running');
    signal(pid, 'SIGKILL');
    return pid;
  }

  /** SIGTERM (the supervisor passes it on), SIGKILL after 15 s; never throws. */
  async stop(): Promise<void> {
    const top = this.topPid();
    if (top) {
      const all = [top, ...childrenOf(top)];
      signal(top, 'SIGTERM');
      if (!(await waitGone(all, 15_000))) for (const p of all) signal(p, 'SIGKILL');
      await waitGone(all, 5_000);
    }
  }

  /** Kills what is left at once (process exit hook). */
  killNow(): void {
    const top = this.topPid();
    if (!top) return;
    for (const p of [top, ...childrenOf(top)]) signal(p, 'SIGKILL');
  }

  /** Log lines since `from`, grouped by level and message with counts: what the report shows. */
  logSummary(from: number): string[] {
    const counts = new Map<string, number>();
    for (const line of this.lines.slice(from)) {
      let key = line.slice(0, 160);
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: unknown };
        const level =
          ({ 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' } as Record<number, string>)[entry.level ?? 0] ?? String(entry.level);
        const err = typeof entry.err === 'string' ? entry.err : ((entry.err as { message?: string } | undefined)?.message ?? '');
        key = `${level}: ${entry.msg ?? ''}${err ? ` (${err.slice(0, 120)})` : ''}`;
      } catch {
        // a plain line (console output of the server or the supervisor)
      }
      key = key.replace(/\s+/g, ' ');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].map(([k, n]) => `${String(n).padStart(5)}× ${k}`);
  }
}
