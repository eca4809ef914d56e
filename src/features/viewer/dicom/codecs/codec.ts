import { DecodeError } from '../decoded';
import type { ColourLayout, Samples } from '../pixels';

/** What a codec is told about the frame it decodes, from the file's Image Pixel attributes. */
export interface CodecFrame {
  rows: number;
  columns: number;
  samplesPerPixel: number;
  bitsAllocated: number;
  bitsStored: number;
  signed: boolean;
  /** What the file says its colour is (a JPEG that does not say its own is read by this). */
  photometricInterpretation: string;
}

export interface CodecOutput {
  /** rows × columns × samples per pixel values. */
  samples: Samples;
  layout: ColourLayout;
  /** Colour the codec has already turned into RGB (a JPEG's YCbCr, JPEG 2000's colour transform). */
  rgb: boolean;
}

/** Decodes one frame's codestream. Throws on a damaged codestream; the caller says "corrupt". */
export type Codec = (encoded: Uint8Array, frame: CodecFrame) => CodecOutput;

/**
 * What each codec chunk exports: its decoder, once ready (its wasm fetched and compiled). A
 * failure here is the network's or the browser's, not the file's.
 */
export type LoadCodec = () => Promise<Codec>;

/** A codestream whose own size is not the file's is refused rather than drawn askew. */
export function expectSize(found: { width: number; height: number; componentCount: number }, frame: CodecFrame): void {
  if (found.width !== frame.columns || found.height !== frame.rows || found.componentCount !== frame.samplesPerPixel) {
    throw new DecodeError(
      'corrupt',
      `The codestream is ${found.width} × ${found.height} × ${found.componentCount}; the file says ${frame.columns} × ${frame.rows} × ${frame.samplesPerPixel}`,
    );
  }
}

/** 16-bit samples from a codec's little-endian bytes (copied out of wasm memory). */
export function wideSamples(bytes: Uint8Array, signed: boolean): Uint16Array | Int16Array {
  const copy = bytes.slice();
  return signed ? new Int16Array(copy.buffer, 0, copy.length >> 1) : new Uint16Array(copy.buffer, 0, copy.length >> 1);
}
