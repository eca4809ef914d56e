import { createRequire } from 'node:module';

/**
 * The encoders of the Cornerstone codec builds (libjpeg-turbo, CharLS, OpenJPEG) in Node. Each
 * emscripten module is started once, on first use, and finds its .wasm beside its .js.
 */

interface FrameInfo {
  width: number;
  height: number;
  bitsPerSample: number;
  componentCount: number;
  isSigned: boolean;
}

interface Encoder {
  getDecodedBuffer(info: FrameInfo): Uint8Array;
  getEncodedBuffer(): Uint8Array;
  encode(): void;
  delete(): void;
}

interface JpegEncoder extends Encoder {
  setQuality(quality: number): void;
  setProgressive(progressive: number): void;
  setSubSampling(subSampling: number): void;
}

interface JpegLsEncoder extends Encoder {
  setNearLossless(near: number): void;
  setInterleaveMode(mode: number): void;
}

type Factory<M> = () => Promise<M>;

const require = createRequire(import.meta.url);
const modules = new Map<string, Promise<unknown>>();

function start<M>(name: string): Promise<M> {
  let module = modules.get(name);
  if (!module) {
    module = (require(name) as Factory<M>)();
    modules.set(name, module);
  }
  return module as Promise<M>;
}

/** The encoded image as plain bytes (the codec's own buffer lives in wasm memory). */
function run(encoder: Encoder, info: FrameInfo, samples: Uint8Array): Uint8Array {
  try {
    encoder.getDecodedBuffer(info).set(samples);
    encoder.encode();
    return Uint8Array.from(encoder.getEncodedBuffer());
  } finally {
    encoder.delete();
  }
}

function bytesOf(samples: ArrayBufferView): Uint8Array {
  return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
}

// turbojpeg's TJSAMP_422: chrominance halved horizontally, which is what YBR_FULL_422 says.
const TJSAMP_422 = 1;

/** Baseline JPEG (process 1), 8 bits, greyscale or RGB in (YCbCr 4:2:2 in the stream). */
export async function encodeJpegBaseline(samples: Uint8Array, info: Omit<FrameInfo, 'bitsPerSample' | 'isSigned'>, quality = 90): Promise<Uint8Array> {
  const codec = await start<{ JPEGEncoder: new () => JpegEncoder }>('@cornerstonejs/codec-libjpeg-turbo-8bit/wasmjs');
  const encoder = new codec.JPEGEncoder();
  encoder.setQuality(quality);
  encoder.setProgressive(0);
  encoder.setSubSampling(TJSAMP_422);
  try {
    return run(encoder, { ...info, bitsPerSample: 8, isSigned: false }, samples);
  } catch (error) {
    // With a fixed output buffer the size of the raw frame, noise-like images can fail to fit.
    throw new Error(`writeDicom: libjpeg-turbo could not encode the frame (${String(error)})`, { cause: error });
  }
}

/** JPEG-LS lossless; colour in sample-interleaved mode. */
export async function encodeJpegLs(samples: ArrayBufferView, info: FrameInfo): Promise<Uint8Array> {
  const codec = await start<{ JpegLSEncoder: new () => JpegLsEncoder }>('@cornerstonejs/codec-charls/wasmjs');
  const encoder = new codec.JpegLSEncoder();
  encoder.setNearLossless(0);
  encoder.setInterleaveMode(info.componentCount > 1 ? 2 : 0);
  return run(encoder, info, bytesOf(samples));
}

/**
 * JPEG 2000 reversible (5/3 wavelet), a raw J2K codestream. Colour goes through the reversible
 * colour transform, so its file says YBR_RCT.
 */
export async function encodeJpeg2000(samples: ArrayBufferView, info: FrameInfo): Promise<Uint8Array> {
  const codec = await start<{ J2KEncoder: new () => Encoder }>('@cornerstonejs/codec-openjpeg/wasmjs');
  const encoded = run(new codec.J2KEncoder(), info, bytesOf(samples));
  // OpenJPEG reports failures on stdout only; a codestream runs from SOC (FF4F) to EOC (FFD9).
  const n = encoded.length;
  if (n < 4 || encoded[0] !== 0xff || encoded[1] !== 0x4f || encoded[n - 2] !== 0xff || encoded[n - 1] !== 0xd9) {
    throw new Error('writeDicom: OpenJPEG could not encode the frame (its output buffer is the raw frame size)');
  }
  return encoded;
}
