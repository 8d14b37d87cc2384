// The scaling row of `npm run bench` (issue 19; BENCH_ONLY=scaling for it alone, PostgreSQL only):
// the product list and add to bag through HAProxy with one app process behind it, then two, on the
// same database. The processes are not pinned: on a 2-core machine the second one shares the cores
// with the first, PostgreSQL and the load generator, so the gain shows where a request waits on the
// database (add to bag) more than on the CPU (the cached product list).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addBody, pickVariants, report } from './cart.mjs';

function haproxy(lbPort, backends, dir) {
  const file = join(dir, `haproxy-${backends.length}.cfg`);
  writeFileSync(
    file,
    `global
  maxconn 4096
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  option http-keep-alive
frontend shop
  bind 127.0.0.1:${lbPort}
  default_backend apps
backend apps
  balance roundrobin
${backends.map((p, i) => `  server app${i + 1} 127.0.0.1:${p}`).join('\n')}
`,
  );
  return spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function benchScaling({ env, root, port, autocannon, waitFor, seconds }) {
  if (!env.DATABASE_URL) {
    console.log('  (PostgreSQL only: set BENCH_DATABASE_URL)');
    return null;
  }
  if (spawnSync('haproxy', ['-v']).status !== 0) {
    console.log('  (needs haproxy: apt-get install haproxy)');
    return null;
  }
  const ports = [port + 20, port + 21];
  const lbPort = port + 22;
  const lb = `http://127.0.0.1:${lbPort}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-scaling-'));
  const apps = ports.map((p) =>
    spawn(process.execPath, ['apps/api/dist/server.js'], {
      cwd: root,
      env: { ...env, PORT: String(p), PUBLIC_URL: lb },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const figures = {};
  try {
    for (const p of ports) await waitFor(`http://127.0.0.1:${p}/readyz`);
    const list = await (await fetch(`http://127.0.0.1:${ports[0]}/api/v1/products/?page_size=48`)).json();
    const variantIds = await pickVariants(`http://127.0.0.1:${ports[0]}`, list.results);
    const listPaths = ['', '&sort=price_asc', '&sort=top_rated', '&page=2'].map((q) => `/api/v1/products/?page_size=24${q}`);
    for (const n of [1, 2]) {
      const balancer = haproxy(lbPort, ports.slice(0, n), dir);
      try {
        await waitFor(`${lb}/readyz`);
        const label = `${n} process${n > 1 ? 'es' : ''} behind HAProxy`;
        figures[`list${n}`] = report(
          `product list, ${label}`,
          50,
          await autocannon({ url: lb, connections: 50, duration: seconds, requests: listPaths.map((path) => ({ path })) }),
        );
        figures[`add${n}`] = report(
          `add to bag, new visitor, ${label}`,
          50,
          await autocannon({
            url: lb,
            connections: 50,
            duration: seconds,
            requests: variantIds.map((id) => ({
              method: 'POST',
              path: '/api/v1/cart/line-items/',
              headers: { 'content-type': 'application/json' },
              body: addBody(id),
            })),
          }),
        );
      } finally {
        balancer.kill('SIGTERM');
        await new Promise((r) => balancer.once('exit', r));
      }
    }
    const gain = (a, b) => `${Math.round((b / a - 1) * 100)} %`;
    console.log(
      `  second process: product list ${gain(figures.list1['req/s'], figures.list2['req/s'])}, add to bag ${gain(figures.add1['req/s'], figures.add2['req/s'])}`,
    );
    return figures;
  } finally {
    for (const app of apps) app.kill('SIGTERM');
    await Promise.all(apps.map((app) => new Promise((r) => (app.exitCode !== null ? r() : app.once('exit', r)))));
    rmSync(dir, { recursive: true, force: true });
  }
}
