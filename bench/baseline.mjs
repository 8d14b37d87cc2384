// The machine's yardstick for `npm run bench` (bench/run.mjs calls benchBaseline): ARCHITECTURE.md
// gives its budgets for a machine where a bare Fastify route answering a constant 24-product JSON
// does about 27,000 req/s. This runs that route here, on the same core and with the same load as the
// store, answering the bytes the store's own product list answered. Dividing a figure by the ratio
// printed here puts it on the architecture's machine; the budgets themselves are never scaled.
import { spawn } from 'node:child_process';

/** The architecture's reference figure for the bare route (req/s). */
export const REFERENCE_REQ_S = 27_000;

// Runs in the child process: one route, the body as given, nothing else registered.
const serverSource = `
import Fastify from 'fastify';
const body = Buffer.from(process.env.BASELINE_BODY, 'base64');
const app = Fastify({ logger: false });
app.get('/products/', (_req, reply) => { reply.type('application/json; charset=utf-8').send(body); });
await app.listen({ port: Number(process.env.BASELINE_PORT), host: '127.0.0.1' });
process.send?.('listening');
`;

/**
 * Serves the store's first 24-product list answer from a bare Fastify route pinned like the store's
 * server, loads it as the other scenarios do, and prints req/s, p99 and the ratio to the reference.
 */
export async function benchBaseline({ baseUrl, autocannon, pin, root, seconds, port }) {
  const answer = Buffer.from(await (await fetch(`${baseUrl}/api/v1/products/?page_size=24`)).arrayBuffer());
  const [cmd, ...pre] = [...pin(0), process.execPath];
  const child = spawn(cmd, [...pre, '--input-type=module', '--eval', serverSource], {
    cwd: root,
    env: { ...process.env, BASELINE_BODY: answer.toString('base64'), BASELINE_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the baseline server stopped (exit ${code})`)));
    });
    const result = await autocannon({ url: `http://127.0.0.1:${port}/products/`, connections: 50, duration: seconds });
    const reqS = Math.round(result.requests.average);
    const ratio = reqS / REFERENCE_REQ_S;
    console.log(
      `  ${'bare Fastify, constant 24-product JSON'.padEnd(44)} ${String(reqS).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(5)} ms   (c=50, ${(answer.length / 1024).toFixed(1)} kB)`,
    );
    console.log(
      `  this machine runs at ${ratio.toFixed(2)}× the architecture's reference (${REFERENCE_REQ_S.toLocaleString('en-US')} req/s)`,
    );
    return { 'req/s': reqS, 'p99 ms': result.latency.p99, ratio: Number(ratio.toFixed(2)) };
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * The machine's memory, which a browser's page load leans on far more than the bare route does:
 * writes to memory already held (a 256 MB buffer filled four times) and to fresh memory (64 new
 * 8 MB buffers, each page faulted in). A desktop or server of the reference's class writes several
 * GB/s either way; on one that writes a small fraction of that, Lighthouse's total blocking time
 * (observed tasks × 4) grows many times over while the req/s yardstick above barely moves (seen on
 * 2026-12-01: 0.65–1.3 GB/s held, 0.3 GB/s fresh, and a page with no script at all blocking 77–144 ms).
 */
export function benchMemory() {
  const held = Buffer.alloc(256 * 1024 * 1024);
  const heldGbS = gbPerSecond(4 * held.length, () => {
    for (let i = 0; i < 4; i++) held.fill(i + 1);
  });
  const fresh = [];
  const freshGbS = gbPerSecond(64 * 8 * 1024 * 1024, () => {
    for (let i = 0; i < 64; i++) fresh.push(Buffer.alloc(8 * 1024 * 1024, 1));
  });
  console.log(
    `  ${'memory writes, held / fresh'.padEnd(44)} ${heldGbS.toFixed(2).padStart(7)} / ${freshGbS.toFixed(2)} GB/s   (browser figures are memory-bound: read them beside this)`,
  );
  return { 'held GB/s': Number(heldGbS.toFixed(2)), 'fresh GB/s': Number(freshGbS.toFixed(2)) };
}

/** GB written per second by `write`, which writes `bytes`. */
function gbPerSecond(bytes, write) {
  const start = process.hrtime.bigint();
  write();
  return bytes / Number(process.hrtime.bigint() - start);
}
