import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // WEB_BUILD_DIR lets parallel builds (tests, screenshots) use folders of their own.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
} satisfies Config;
