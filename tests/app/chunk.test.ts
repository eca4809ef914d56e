// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withTimeout } from '../../src/app/chunk';

afterEach(() => vi.useRealTimers());

describe('screen chunk loading', () => {
  it('gives up after the chunk-load timeout of 120000 ms (spec §9)', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise(() => {}));
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });

  it('passes a loaded chunk through and turns a failed import into a ChunkLoadError', async () => {
    await expect(withTimeout(Promise.resolve('screen'), 50)).resolves.toBe('screen');
    await expect(withTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 50)).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
