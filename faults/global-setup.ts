import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { snapshotBuild } from './lib/snapshot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The copy of the built store every fault runs (lib/snapshot.ts). */
    faultsBuild: string;
    /** One MEDIA_DIR for every store of the run: the demo pictures are drawn once, the second seed skips them. */
    faultsMedia: string;
  }
}

export default async function setup(project: TestProject) {
  const build = await snapshotBuild();
  const media = mkdtempSync(join(tmpdir(), 'faults-media-'));
  project.provide('faultsBuild', build);
  project.provide('faultsMedia', media);
  return () => {
    rmSync(build, { recursive: true, force: true });
    rmSync(media, { recursive: true, force: true });
  };
}
