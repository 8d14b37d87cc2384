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
} satisfies Config;
