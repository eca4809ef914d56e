/** An emscripten module factory, as the Cornerstone codec builds export it. */
export type EmscriptenFactory = (options?: {
  locateFile?: (path: string, prefix: string) => string;
  print?: (text: string) => void;
}) => Promise<unknown>;

function isNode(): boolean {
  return typeof process === 'object' && typeof process.versions === 'object' && typeof process.versions.node === 'string';
}

/** The URL Vite gives the .wasm (a `?url` import, made only in a browser: plain Node cannot load one). */
export type WasmUrl = () => Promise<{ default: string }>;

async function start(factory: EmscriptenFactory, wasmUrl: WasmUrl): Promise<unknown> {
  // OpenJPEG prints its progress on stdout; a failure shows in what it gives back.
  const print = () => {};
  // In Node (tests, scripts) emscripten reads the .wasm beside its .js; a browser fetches the asset.
  if (isNode()) return factory({ print });
  const url = (await wasmUrl()).default;
  return factory({ print, locateFile: (path) => (path.endsWith('.wasm') ? url : path) });
}

/**
 * Starts a codec's wasm module once and keeps it. A failed start (the network dropped the .wasm)
 * is forgotten, so the next frame tries again.
 */
export function wasmModule<M>(factory: EmscriptenFactory, wasmUrl: WasmUrl): () => Promise<M> {
  let started: Promise<M> | undefined;
  return () => {
    started ??= (start(factory, wasmUrl) as Promise<M>).catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return started;
  };
}

/** An embind object's C++ memory is freed only by delete(). */
export interface Deletable {
  delete(): void;
}

export function using<T extends Deletable, R>(object: T, work: (object: T) => R): R {
  try {
    return work(object);
  } finally {
    object.delete();
  }
}
