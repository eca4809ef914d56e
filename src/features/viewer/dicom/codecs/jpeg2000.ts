import factory from '@cornerstonejs/codec-openjpeg/decodewasmjs';
import { expectSize, wideSamples, type LoadCodec } from './codec';
import { using, wasmModule } from './wasm';

/** JPEG 2000 (reversible and irreversible) with OpenJPEG. */
interface OpenJpeg {
  J2KDecoder: new () => {
    getEncodedBuffer(length: number): Uint8Array;
    decode(): void;
    getFrameInfo(): { width: number; height: number; componentCount: number; bitsPerSample: number; isSigned: boolean };
    getDecodedBuffer(): Uint8Array;
    delete(): void;
  };
}

const openJpeg = wasmModule<OpenJpeg>(factory, () => import('@cornerstonejs/codec-openjpeg/decodewasm?url'));

export const load: LoadCodec = async () => {
  const codec = await openJpeg();
  return (encoded, frame) => using(new codec.J2KDecoder(), (decoder) => {
    decoder.getEncodedBuffer(encoded.length).set(encoded);
    // OpenJPEG reports a damaged codestream on stdout only; the size check below catches it.
    decoder.decode();
    const info = decoder.getFrameInfo();
    const bytes = decoder.getDecodedBuffer();
    const wide = info.bitsPerSample > 8;
    if (bytes.length !== frame.rows * frame.columns * frame.samplesPerPixel * (wide ? 2 : 1)) {
      throw new Error(`OpenJPEG gave ${bytes.length} bytes for a ${frame.columns} × ${frame.rows} frame`);
    }
    expectSize(info, frame);
    // Colour comes back as RGB: OpenJPEG undoes the codestream's colour transform (YBR_RCT, YBR_ICT).
    return { samples: wide ? wideSamples(bytes, info.isSigned) : bytes.slice(), layout: 'interleaved', rgb: true };
  });
};
