import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** A build plugin that runs `work` on the output directory once the whole build is written. */
export function afterBuild(name: string, work: (outDir: string) => unknown): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        work(outDir);
      },
    },
  };
}
