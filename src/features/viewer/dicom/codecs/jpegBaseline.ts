import factory from '@cornerstonejs/codec-libjpeg-turbo-8bit/decodewasmjs';
import { expectSize, type LoadCodec } from './codec';
import { using, wasmModule } from './wasm';

/** JPEG baseline (8-bit) with libjpeg-turbo: colour comes back as RGB, pixel by pixel. */
interface LibJpegTurbo {
  JPEGDecoder: new () => {
    getEncodedBuffer(length: number): Uint8Array;
    decode(): void;
    getFrameInfo(): { width: number; height: number; componentCount: number };
    getDecodedBuffer(): Uint8Array;
    delete(): void;
  };
}

const libJpegTurbo = wasmModule<LibJpegTurbo>(factory, () => import('@cornerstonejs/codec-libjpeg-turbo-8bit/decodewasm?url'));

export const load: LoadCodec = async () => {
  const codec = await libJpegTurbo();
  return (encoded, frame) => using(new codec.JPEGDecoder(), (decoder) => {
    decoder.getEncodedBuffer(encoded.length).set(encoded);
    decoder.decode();
    expectSize(decoder.getFrameInfo(), frame);
    return { samples: new Uint8Array(decoder.getDecodedBuffer()), layout: 'interleaved', rgb: true };
  });
};
