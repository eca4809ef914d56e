/**
 * The build's dynamic imports call the app's preload helper instead of Vite's
 * (src/shared/platform/modulePreload.ts): the same calls and the same promise, but each script's
 * link after the first in a task of its own, so asking for a screen of twenty chunks is no longer
 * one long task of links (issue 26, TBT).
 * Vite imports its helper from a module of its own; this plugin answers for that module first.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The module Vite's import analysis has every dynamic import call into. */
export const VITE_PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

export const APP_PRELOAD_HELPER = fileURLToPath(new URL('../../src/shared/platform/modulePreload.ts', import.meta.url));

export function modulePreloadPlugin(): Plugin {
  return {
    name: 'cloud-film:module-preload',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== VITE_PRELOAD_HELPER_ID) return null;
      return `export { __vitePreload } from ${JSON.stringify(APP_PRELOAD_HELPER)};`;
    },
  };
}
