import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from '../faults/lib/processes.js';

/** HAProxy from Debian's package (`.ci/run` installs it), in front of the app processes on loopback. */
export class LoadBalancer {
  readonly base: string;
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'cluster-haproxy-'));
  readonly lines: string[] = [];

  private constructor(readonly port: number) {
    this.base = `http://127.0.0.1:${port}`;
  }

  static async create(): Promise<LoadBalancer> {
    if (spawnSync('haproxy', ['-v']).status !== 0) throw new Error('haproxy is not installed (apt-get install haproxy; .ci/run does)');
    return new LoadBalancer(await freePort());
  }

  /**
   * Round robin over the backends; /readyz is the health check (a killed process leaves the rotation
   * within a second, a restarted one joins once ready); a request refused by a dead backend is
   * retried on another (`option redispatch`), as a deployment's balancer does.
   */
  async start(backends: number[]): Promise<void> {
    const config = `global
  maxconn 4096
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch
  option forwardfor
frontend shop
  bind 127.0.0.1:${this.port}
  default_backend apps
backend apps
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 300ms fall 2 rise 1
${backends.map((port, i) => `  server app${i + 1} 127.0.0.1:${port} check`).join('\n')}
`;
    const file = join(this.dir, 'haproxy.cfg');
    writeFileSync(file, config);
    const child = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const end = Date.now() + 15_000;
    while (Date.now() < end) {
      try {
        if ((await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(1000) })).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`haproxy did not answer: ${this.lines.join('\n')}`);
  }

  async stop(): Promise<void> {
    this.child?.kill('SIGTERM');
    await sleep(200);
    this.child?.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
