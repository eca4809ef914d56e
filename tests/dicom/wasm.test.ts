// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { using, wasmModule, type EmscriptenFactory } from '../../src/features/viewer/dicom/codecs/wasm';

describe('wasmModule', () => {
  it('starts a module once, and again after a failed start', async () => {
    const module = { name: 'codec' };
    const factory = vi.fn<EmscriptenFactory>()
      .mockRejectedValueOnce(new Error('the .wasm did not arrive'))
      .mockResolvedValue(module);
    const start = wasmModule<typeof module>(factory, async () => ({ default: '/assets/codec.wasm' }));
    await expect(start()).rejects.toThrow('the .wasm did not arrive');
    await expect(start()).resolves.toBe(module);
    await expect(start()).resolves.toBe(module);
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('in Node lets emscripten find the .wasm beside its .js, and silences its stdout', async () => {
    const factory = vi.fn<EmscriptenFactory>().mockResolvedValue({});
    const url = vi.fn(async () => ({ default: '/assets/codec.wasm' }));
    await wasmModule(factory, url)();
    expect(url).not.toHaveBeenCalled();
    const [options] = factory.mock.calls[0]!;
    expect(options?.locateFile).toBeUndefined();
    expect(options?.print?.('[INFO] Start to read j2k main header')).toBeUndefined();
  });
});

describe('using', () => {
  it('deletes the embind object after use, also when the use throws', () => {
    const object = { delete: vi.fn() };
    expect(using(object, () => 42)).toBe(42);
    expect(() => using(object, () => {
      throw new Error('bad codestream');
    })).toThrow('bad codestream');
    expect(object.delete).toHaveBeenCalledTimes(2);
  });
});
