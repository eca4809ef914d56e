import factory from '@cornerstonejs/codec-charls/decodewasmjs';
import { expectSize, wideSamples, type LoadCodec } from './codec';
import { using, wasmModule } from './wasm';

/** JPEG-LS (lossless and near-lossless) with CharLS. */
interface CharLs {
  JpegLSDecoder: new () => {
    getEncodedBuffer(length: number): Uint8Array;
    decode(): void;
    getFrameInfo(): { width: number; height: number; componentCount: number; bitsPerSample: number };
    /** 0: none (plane by plane), 1: line, 2: sample; CharLS gives line and sample back pixel by pixel. */
    getInterleaveMode(): number;
    getDecodedBuffer(): Uint8Array;
    delete(): void;
  };
}

const charLs = wasmModule<CharLs>(factory, () => import('@cornerstonejs/codec-charls/decodewasm?url'));

export const load: LoadCodec = async () => {
  const codec = await charLs();
  return (encoded, frame) => using(new codec.JpegLSDecoder(), (decoder) => {
    decoder.getEncodedBuffer(encoded.length).set(encoded);
    decoder.decode();
    const info = decoder.getFrameInfo();
    expectSize(info, frame);
    const bytes = decoder.getDecodedBuffer();
    // JPEG-LS codes the stored bit patterns; the pipeline sign-extends them.
    const samples = info.bitsPerSample > 8 ? wideSamples(bytes, false) : new Uint8Array(bytes);
    const layout = frame.samplesPerPixel === 3 && decoder.getInterleaveMode() === 0 ? 'planar' : 'interleaved';
    return { samples, layout, rgb: false };
  });
};
