import { Decoder } from 'jpeg-lossless-decoder-js';
import { expectSize, type Codec, type LoadCodec } from './codec';

/** JPEG Lossless (process 14, any predictor) with jpeg-lossless-decoder-js: plain JavaScript. */

/** The decoder reads past a codestream that stops early without a word; an end marker must be there. */
function endsWithEoi(encoded: Uint8Array): boolean {
  let end = encoded.length;
  while (end > 2 && encoded[end - 1] === 0) end -= 1; // fragments are padded to even length
  return encoded[end - 2] === 0xff && encoded[end - 1] === 0xd9;
}

const decode: Codec = (encoded, frame) => {
  if (!endsWithEoi(encoded)) throw new Error('The JPEG Lossless codestream has no end marker');
  const decoder = new Decoder();
  const samples = decoder.decode(encoded.buffer as ArrayBuffer, encoded.byteOffset, encoded.length, frame.bitsAllocated / 8);
  expectSize({ width: decoder.xDim, height: decoder.yDim, componentCount: decoder.numComp }, frame);
  return { samples, layout: 'interleaved', rgb: false };
};

export const load: LoadCodec = async () => decode;
