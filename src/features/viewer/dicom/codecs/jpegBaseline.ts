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
    const stream = frame.photometricInterpretation === 'RGB' && saysNoColourSpace(encoded) ? markedRgb(encoded) : encoded;
    decoder.getEncodedBuffer(stream.length).set(stream);
    decoder.decode();
    expectSize(decoder.getFrameInfo(), frame);
    return { samples: new Uint8Array(decoder.getDecodedBuffer()), layout: 'interleaved', rgb: true };
  });
};

/**
 * A colour JPEG with neither a JFIF nor an Adobe marker, whose components are not numbered 1, 2, 3
 * (the YCbCr convention): libjpeg guesses YCbCr and converts, though the DICOM file says RGB
 * (pydicom's SC_jpeg_no_color_transform; DCMTK and GDCM read it as RGB). Such a stream says
 * nothing of its own colour, so the file's word counts.
 */
function saysNoColourSpace(jpeg: Uint8Array): boolean {
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff; ) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xe0 || marker === 0xee) return false;
    // Start of frame: component ids at 10, 13, 16 past the marker.
    if (marker >= 0xc0 && marker <= 0xc3) return jpeg[at + 9] !== 3 || !(jpeg[at + 10] === 1 && jpeg[at + 13] === 2 && jpeg[at + 16] === 3);
    at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  }
  return false;
}

/** The stream with an Adobe marker after its start saying "no colour transform": libjpeg then reads it as RGB. */
function markedRgb(jpeg: Uint8Array): Uint8Array {
  const adobe = [0xff, 0xee, 0x00, 0x0e, 0x41, 0x64, 0x6f, 0x62, 0x65, 0x00, 0x64, 0x00, 0x00, 0x00, 0x00, 0x00];
  const marked = new Uint8Array(jpeg.length + adobe.length);
  marked.set(jpeg.subarray(0, 2));
  marked.set(adobe, 2);
  marked.set(jpeg.subarray(2), 2 + adobe.length);
  return marked;
}
