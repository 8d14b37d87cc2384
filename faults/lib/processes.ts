import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A TCP port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The parent pid of a process from /proc, or null when it is gone. */
function parentOf(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields after the last ')' are plain.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[1]);
  } catch {
    return null;
  }
}

/** The direct children of a process (from /proc). */
export function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (parentOf(Number(entry)) === pid) found.push(Number(entry));
  }
  return found;
}

/** Whether a process exists and is not a zombie. */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Sends a signal to one process by its id, ignoring one that is already gone. */
export function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/** Waits until every pid has exited; false when some are still there at the deadline. */
export async function waitGone(pids: number[], ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (pids.every((p) => !alive(p))) return true;
    await sleep(50);
  }
  return pids.every((p) => !alive(p));
}

export function readPidFile(path: string): number | null {
  if (!existsSync(path)) return null;
  const pid = Number(readFileSync(path, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

const onExit: (() => void)[] = [];
let hooked = false;

/**
 * Runs `kill` (synchronous: kill processes, remove folders) if the suite's process ends before its
 * own clean-up ran: a normal exit, or SIGINT/SIGTERM (then the process exits as the signal asked).
 */
export function killOnExit(kill: () => void): void {
  onExit.push(kill);
  if (hooked) return;
  hooked = true;
  const runAll = () => {
    for (const k of onExit.splice(0)) {
      try {
        k();
      } catch {
        // best effort: the next clean-up still runs
      }
    }
  };
  process.once('exit', runAll);
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => {
      runAll();
      process.exit(sig === 'SIGINT' ? 130 : 143);
    });
}
