// @vitest-environment node
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_PRELOAD_HELPER, modulePreloadPlugin, VITE_PRELOAD_HELPER_ID } from '../../scripts/build/modulePreload';

const load = (id: string) => {
  const hook = modulePreloadPlugin().load;
  const handler = typeof hook === 'function' ? hook : hook!.handler;
  return (handler as (id: string) => string | null).call({}, id);
};

describe("the build's preload helper", () => {
  it("answers for Vite's helper module with the app's, ahead of Vite's own plugin, in the build only", () => {
    const plugin = modulePreloadPlugin();
    expect(plugin.enforce).toBe('pre');
    expect(plugin.apply).toBe('build');
    expect(load(VITE_PRELOAD_HELPER_ID)).toBe(`export { __vitePreload } from ${JSON.stringify(APP_PRELOAD_HELPER)};`);
  });

  it('leaves every other module to the build', () => {
    expect(load('/src/main.tsx')).toBeNull();
    expect(load('vite/preload-helper.js')).toBeNull();
  });

  it("names the app's helper, which exports what Vite's calls are made to", async () => {
    expect(existsSync(APP_PRELOAD_HELPER)).toBe(true);
    const helper = (await import('../../src/shared/platform/modulePreload')) as Record<string, unknown>;
    expect(typeof helper.__vitePreload).toBe('function');
  });
});
