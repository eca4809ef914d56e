import type { CodecName } from '../syntaxes';
import type { Codec, LoadCodec } from './codec';

/**
 * Each codec is its own chunk (with its wasm), fetched the first time a file needs it: a study in
 * explicit VR little endian never downloads one.
 */
const LOADERS: Record<CodecName, () => Promise<{ load: LoadCodec }>> = {
  jpegBaseline: () => import('./jpegBaseline'),
  jpegLossless: () => import('./jpegLossless'),
  jpegLs: () => import('./jpegLs'),
  jpeg2000: () => import('./jpeg2000'),
  rle: () => import('./rle'),
};

/** The codec, ready to decode; rejects when its chunk or wasm cannot be fetched. */
export async function loadCodec(name: CodecName): Promise<Codec> {
  return (await LOADERS[name]()).load();
}
