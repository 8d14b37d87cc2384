import * as chromeLauncher from 'chrome-launcher';
import lighthouseRun from 'lighthouse';

/** Lighthouse mobile with its default (simulated) throttling, on the system Chromium. */
export async function lighthouse(baseUrl, pages) {
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
      const result = await lighthouseRun(baseUrl + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      });
      const lhr = result.lhr;
      const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      out[name] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        seo: score('seo'),
        bestPractices: score('best-practices'),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      };
      const r = out[name];
      console.log(
        `  ${name.padEnd(10)} perf ${r.performance}  a11y ${r.accessibility}  seo ${r.seo}  bp ${r.bestPractices}  LCP ${r.lcpMs} ms  CLS ${r.cls}  TBT ${r.tbtMs} ms`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return out;
}
