import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { alive, childrenOf, freePort, readPidFile, signal, sleep, waitGone } from './processes.js';

/** Where initdb and postgres are: pg_config's bindir, else Debian's newest version, else PATH. */
function binDir(): string {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    if (existsSync(join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config
  }
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return `/usr/lib/postgresql/${versions[0]}/bin`;
  }
  return '';
}

const isRoot = () => process.getuid?.() === 0;

/** initdb and postgres refuse to run as root: as root they run as the postgres user. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * A PostgreSQL cluster of the suite's own: initdb into a temporary folder, a free port on
 * 127.0.0.1, trust auth. fsync stays on: a crash test on a server that may lose commits would lie.
 * Only this cluster's processes are ever signalled (its postmaster from postmaster.pid and that
 * postmaster's children), never the machine's shared server.
 */
export class PgCluster {
  readonly dir: string;
  readonly dataDir: string;
  readonly logFile: string;
  port = 0;
  private readonly bin: string;
  private frozen: number[] = [];
  /**
   * The process that started the postmaster: `runuser` when the suite runs as root. Like `su`, it stops
   * itself when its child is stopped and is not continued with it, so a thaw continues it too, or it
   * stays stopped with its dead postmaster as a zombie after the run. Kept only while it runs, so no
   * signal ever reaches a process that took its pid after it exited.
   */
  private starter: ChildProcess | null = null;

  constructor() {
    this.bin = binDir();
    this.dir = mkdtempSync(join(tmpdir(), 'faults-pg-'));
    this.dataDir = join(this.dir, 'data');
    this.logFile = join(this.dir, 'postgres.log');
    if (isRoot()) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(this.dir, uid, gid);
    }
  }

  private tool(name: string) {
    return this.bin ? join(this.bin, name) : name;
  }

  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async init(): Promise<void> {
    const [cmd, args] = asPostgres(this.tool('initdb'), ['-D', this.dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    const result = spawnSync(cmd, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr || result.error?.message}`);
    this.port = await freePort();
  }

  /** Starts the postmaster (crash recovery runs by itself after a kill) and waits until it accepts connections. */
  async start(): Promise<void> {
    const [cmd, args] = asPostgres(this.tool('postgres'), [
      '-D',
      this.dataDir,
      '-p',
      String(this.port),
      '-k',
      this.dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'shared_buffers=64MB',
      '-c',
      'max_connections=100',
      // The log then shows every connection the postmaster accepts (a freeze leaves a backlog of them).
      '-c',
      'log_connections=on',
      '-c',
      'log_timezone=UTC',
    ]);
    const log = openSync(this.logFile, 'a');
    const child = spawn(cmd, args, { stdio: ['ignore', log, log], detached: false });
    closeSync(log);
    child.unref();
    if (cmd === 'runuser') {
      this.starter = child;
      child.once('exit', () => {
        if (this.starter === child) this.starter = null;
      });
    }
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}: ${this.logTail()}`);
      if (await this.accepts()) return;
      await sleep(100);
    }
    throw new Error(`postgres did not start: ${this.logTail()}`);
  }

  private async accepts(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** The log's size now: pass it to logSince later. */
  logSize(): number {
    return existsSync(this.logFile) ? statSync(this.logFile).size : 0;
  }

  logSince(offset: number): string[] {
    if (!existsSync(this.logFile)) return [];
    return readFileSync(this.logFile).subarray(offset).toString('utf8').split('\n').filter(Boolean);
  }

  /** Log lines written between two instants (the default prefix starts with the time, in UTC). */
  logBetween(offset: number, from: number, to: number): string[] {
    return this.logSince(offset).filter((line) => {
      const at = Date.parse(`${line.slice(0, 23).replace(' ', 'T')}Z`);
      return at >= from && at <= to;
    });
  }

  logTail(lines = 20): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n') : '';
  }

  postmasterPid(): number | null {
    return readPidFile(join(this.dataDir, 'postmaster.pid'));
  }

  /** The postmaster and its children (backends, checkpointer, walwriter…): this cluster's processes only. */
  pids(): number[] {
    const pm = this.postmasterPid();
    if (!pm || !alive(pm)) return [];
    return [pm, ...childrenOf(pm)];
  }

  /** kill -9 of the postmaster, as a crash would; waits until its backends have noticed and exited. */
  async killPostmaster(): Promise<{ postmaster: number; others: number; lingering: number }> {
    const pids = this.pids();
    const [pm, ...others] = pids;
    if (!pm) throw new Error('postgres is not running');
    signal(pm, 'SIGKILL');
    // Backends exit when they notice the postmaster is gone; a new postmaster refuses to start while
    // an old one still holds the shared memory, so the leftovers are waited for (and killed after 10 s).
    const gone = await waitGone(pids, 10_000);
    const lingering = gone ? 0 : pids.filter(alive).length;
    if (!gone) for (const p of pids) signal(p, 'SIGKILL');
    await waitGone(pids, 5_000);
    return { postmaster: pm, others: others.length, lingering };
  }

  /** SIGSTOP of the postmaster first (no new backend is forked), then of every child. */
  freeze(): number {
    const pm = this.postmasterPid();
    if (!pm) throw new Error('postgres is not running');
    signal(pm, 'SIGSTOP');
    this.frozen = [pm, ...childrenOf(pm)];
    for (const p of this.frozen.slice(1)) signal(p, 'SIGSTOP');
    return this.frozen.length;
  }

  thaw(): void {
    for (const p of [...this.frozen].reverse()) signal(p, 'SIGCONT');
    this.frozen = [];
    if (this.starter?.pid) signal(this.starter.pid, 'SIGCONT');
  }

  /** Fast shutdown (SIGINT), then SIGKILL of what is left; never throws. */
  async stop(): Promise<void> {
    this.thaw();
    const pids = this.pids();
    const pm = pids[0];
    if (!pm) return;
    signal(pm, 'SIGINT');
    if (!(await waitGone(pids, 15_000))) for (const p of pids) signal(p, 'SIGKILL');
    await waitGone(pids, 5_000);
  }

  /** Kills what is left at once (process exit hook). */
  killNow(): void {
    for (const p of [...this.pids(), ...(this.starter?.pid ? [this.starter.pid] : [])]) {
      signal(p, 'SIGCONT');
      signal(p, 'SIGKILL');
    }
  }

  async destroy(): Promise<void> {
    await this.stop();
    // Continued by stop()'s thaw, a starter whose postmaster has gone exits by itself; one that does not is killed.
    const starter = this.starter?.pid;
    if (starter && !(await waitGone([starter], 2_000))) signal(starter, 'SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
