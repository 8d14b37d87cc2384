import * as chromeLauncher from 'chrome-launcher';
import lighthouseRun from 'lighthouse';

/** The median of a few numbers (the lower middle one of an even count). */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * Where one run's blocking time comes from, in per cent: its long tasks (Lighthouse's "long-tasks"
 * audit, at the simulated 4× slowdown) between the first contentful paint and time to interactive,
 * each counted past its first 50 ms, by the file Lighthouse attributes the task to. `document` is the
 * page's HTML being parsed and its inline scripts; `unattributable` tasks that ran no script (style,
 * layout and paint); a module goes by its name without the hash. Shares, because the audit's tasks
 * do not add up to the run's total blocking time, which Lighthouse computes from its own simulation.
 */
function blockingBySource(lhr) {
  const from = lhr.audits['first-contentful-paint'].numericValue;
  const to = lhr.audits['interactive'].numericValue;
  const bySource = {};
  for (const task of lhr.audits['long-tasks'].details?.items ?? []) {
    if (task.startTime + task.duration <= from || task.startTime >= to || task.duration <= 50) continue;
    const source = sourceName(task.url, lhr.finalDisplayedUrl);
    bySource[source] = (bySource[source] ?? 0) + task.duration - 50;
  }
  const total = Object.values(bySource).reduce((sum, ms) => sum + ms, 0);
  return Object.fromEntries(
    Object.entries(bySource)
      .map(([source, ms]) => [source, Math.round((100 * ms) / total)])
      .filter(([, percent]) => percent > 0)
      .sort((a, b) => b[1] - a[1]),
  );
}

function sourceName(url, page) {
  if (!url || url === 'Unattributable') return 'unattributable';
  if (url === page) return 'document';
  return new URL(url).pathname
    .split('/')
    .pop()
    .replace(/-[\w-]{8}(\.css)?(\.js)?$/, '$1');
}

/**
 * Lighthouse mobile with its default (simulated) throttling, on the system Chromium: each page
 * LIGHTHOUSE_RUNS times (3 by default), each figure the median of the runs. Lighthouse's simulated
 * total blocking time moves by ±50 % from one run to the next on one machine; its authors advise the
 * median of several runs. A run Lighthouse reports as failed (its runtimeError) is run again, up to
 * twice per page. Each page's line ends with Lighthouse's own CPU benchmark index (the median of its
 * runs): its 4× slowdown stands for a mid-tier phone on a host of an index of about 1,533 (the
 * Lighthouse team's CPU-throttling calculator). The index times a loop in registers: it does not see
 * a machine whose memory is slow (docs/performance.md, "A memory-bound machine").
 */
export async function lighthouse(baseUrl, pages, runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const out = {};
  try {
    for (const [name, path] of Object.entries(pages)) {
      const reports = [];
      let failures = 0;
      while (reports.length < runs) {
        const { lhr } = await lighthouseRun(baseUrl + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
        });
        if (!lhr.runtimeError) {
          reports.push(lhr);
          continue;
        }
        failures += 1;
        console.log(`  ${name.padEnd(10)} run failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (failures > 2) throw new Error(`Lighthouse could not measure ${path}`);
      }
      const score = (c) => median(reports.map((lhr) => Math.round((lhr.categories[c]?.score ?? 0) * 100)));
      const audit = (id) => median(reports.map((lhr) => lhr.audits[id].numericValue));
      const tbts = reports.map((lhr) => Math.round(lhr.audits['total-blocking-time'].numericValue));
      const typical = reports[tbts.indexOf(median(tbts))];
      out[name] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        seo: score('seo'),
        bestPractices: score('best-practices'),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        fcpMs: Math.round(audit('first-contentful-paint')),
        cls: Number(audit('cumulative-layout-shift').toFixed(3)),
        tbtMs: median(tbts),
        tbtRunsMs: tbts,
        benchmarkIndex: Math.round(median(reports.map((lhr) => lhr.environment.benchmarkIndex))),
        tbtBySourcePercent: blockingBySource(typical),
      };
      const r = out[name];
      console.log(
        `  ${name.padEnd(10)} perf ${r.performance}  a11y ${r.accessibility}  seo ${r.seo}  bp ${r.bestPractices}  LCP ${r.lcpMs} ms  CLS ${r.cls}  TBT ${r.tbtMs} ms (runs ${tbts.join(', ')})  index ${r.benchmarkIndex}`,
      );
      console.log(
        `  ${''.padEnd(10)} its blocking by source (the run of ${r.tbtMs} ms): ${
          Object.entries(r.tbtBySourcePercent)
            .map(([source, percent]) => `${source} ${percent} %`)
            .join(', ') || 'no long task'
        }`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return out;
}
