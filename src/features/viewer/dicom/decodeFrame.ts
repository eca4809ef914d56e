import { frameInfo, pixelDescription, type PixelDescription } from './attributes';
import type { CodecFrame } from './codecs/codec';
import { loadCodec } from './codecs/index';
import { DecodeError, type DecodedFrame, type Frame } from './decoded';
import { checkFrameIndex, encapsulatedFrame, nativeFrame, pixelDataElement } from './frames';
import { parseFile } from './parse';
import { colourFrame, greyFrame, paletteFrame, type ColourLayout, type Samples } from './pixels';
import { CODEC_OF_SYNTAX, SYNTAX } from './syntaxes';

function isYbr(pixels: PixelDescription): boolean {
  return pixels.photometricInterpretation.startsWith('YBR_FULL');
}

/** One sample per pixel: grey, or colour by the palette. */
function singleSampleFrame(samples: Samples, pixels: PixelDescription, shift: number): Frame {
  return pixels.palette ? paletteFrame(samples, pixels, pixels.palette, shift) : greyFrame(samples, pixels, shift);
}

function nativeLayout(pixels: PixelDescription): ColourLayout {
  if (pixels.photometricInterpretation === 'YBR_FULL_422') return 'ybr422';
  return pixels.planarConfiguration === 1 ? 'planar' : 'interleaved';
}

/**
 * Decodes one frame of a DICOM Part 10 file into values ready to draw, with the tags the viewer
 * shows. Pure: runs in a worker and in Node. Rejects with DecodeError (notDicom, truncated,
 * unsupportedSyntax, badDimensions, missingFrame, corrupt); any other error (a codec chunk that
 * failed to load) is not the file's fault.
 */
export async function decodeFrame(bytes: ArrayBuffer, frameIndex: number): Promise<DecodedFrame> {
  const { dataSet, transferSyntaxUid, bigEndian } = await parseFile(new Uint8Array(bytes));
  const element = pixelDataElement(dataSet);
  const pixels = pixelDescription(dataSet, frameIndex);
  checkFrameIndex(frameIndex, pixels);
  const info = frameInfo(dataSet, transferSyntaxUid, pixels, frameIndex);
  const grey = pixels.samplesPerPixel === 1;

  const codecName = CODEC_OF_SYNTAX[transferSyntaxUid];
  if (!codecName) {
    const samples = nativeFrame(dataSet, element, frameIndex, pixels, bigEndian);
    const frame: Frame = grey
      ? singleSampleFrame(samples, pixels, pixels.highBit + 1 - pixels.bitsStored)
      : colourFrame(samples, pixels, nativeLayout(pixels), isYbr(pixels));
    return { info, frame };
  }

  if (transferSyntaxUid === SYNTAX.jpegExtended && pixels.bitsStored > 8) {
    throw new DecodeError('unsupportedSyntax', `Transfer syntax ${transferSyntaxUid} with ${pixels.bitsStored}-bit pixels is not supported`);
  }
  if (!element.encapsulatedPixelData) throw new DecodeError('corrupt', `Transfer syntax ${transferSyntaxUid} without encapsulated pixel data`);
  const encoded = encapsulatedFrame(dataSet, element, frameIndex, pixels, codecName === 'jpegBaseline' || codecName === 'jpegLossless');
  const codec = await loadCodec(codecName);
  const request: CodecFrame = {
    rows: pixels.rows,
    columns: pixels.columns,
    samplesPerPixel: pixels.samplesPerPixel,
    bitsAllocated: pixels.bitsAllocated,
    bitsStored: pixels.bitsStored,
    signed: pixels.signed,
    photometricInterpretation: pixels.photometricInterpretation,
  };
  let output;
  try {
    output = codec(encoded, request);
  } catch (error) {
    if (error instanceof DecodeError) throw error;
    // Emscripten throws C++ exceptions as numbers; a message, when there is one, helps a report.
    const detail = error instanceof Error ? error.message : `codec error ${String(error)}`;
    throw new DecodeError('corrupt', `Frame ${frameIndex} could not be decoded (${detail})`);
  }
  const needed = pixels.rows * pixels.columns * pixels.samplesPerPixel;
  if (output.samples.length < needed) {
    throw new DecodeError('corrupt', `The codec gave ${output.samples.length} samples; the frame needs ${needed}`);
  }
  const frame: Frame = grey
    ? singleSampleFrame(output.samples, pixels, 0)
    : colourFrame(output.samples, pixels, output.layout, !output.rgb && isYbr(pixels));
  return { info, frame };
}
