import type { Config } from '@react-router/dev/config';
import { buildLocale, localeBuildDirectory } from './build-locale.ts';

const locale = buildLocale();

export default {
  ssr: true,
  appDirectory: 'app',
  // One build per language (decision 009): English at the root, Bangla under /bn, where every
  // <Link>, navigate() and form action of that build stays.
  basename: locale === 'en' ? '/' : `/${locale}`,
  buildDirectory: localeBuildDirectory(locale),
  // Every route's entry in the first page's manifest (2.6 kB gzip): with lazy discovery, the page asked
  // /__manifest for the routes of its links right after hydrating and rendered the whole tree again
  // when they came, a long task on a slow phone (docs/performance.md, "Hydration in short tasks").
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
