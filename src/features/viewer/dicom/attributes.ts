import type { DataSet } from 'dicom-parser';
import { DecodeError, type FrameInfo, type Window } from './decoded';
import { readPalette, type Palette } from './palette';

/** What the pixel data's layout and meaning take from the Image Pixel module (PS3.3 C.7.6.3). */
export interface PixelDescription {
  rows: number;
  columns: number;
  samplesPerPixel: number;
  photometricInterpretation: string;
  planarConfiguration: number;
  bitsAllocated: number;
  bitsStored: number;
  highBit: number;
  signed: boolean;
  numberOfFrames: number;
  /** This frame's (an enhanced multi-frame's may differ from frame to frame). */
  rescaleSlope: number;
  rescaleIntercept: number;
  /** PALETTE COLOR's lookup tables; null for every other photometric interpretation. */
  palette: Palette | null;
}

/** Rows and columns beyond this are refused: no phone can show them, and they would exhaust memory. */
export const MAX_DIMENSION = 8192;

// Specific Character Set (0008,0005) → a TextDecoder label. Without one, UTF-8 is tried, then
// GB18030: files from Chinese hospitals often carry GB text and no character set.
const CHARACTER_SETS: Record<string, string> = {
  'ISO_IR 192': 'utf-8',
  GB18030: 'gb18030',
  GBK: 'gbk',
  'ISO_IR 100': 'windows-1252',
  'ISO_IR 6': 'utf-8',
};

function textDecoder(dataSet: DataSet): (bytes: Uint8Array) => string {
  const element = dataSet.elements.x00080005;
  const declared = element ? asciiString(dataSet, 'x00080005')?.split('\\').find(Boolean) : undefined;
  const label = declared ? CHARACTER_SETS[declared] : undefined;
  if (label) {
    const decoder = new TextDecoder(label);
    return (bytes) => decoder.decode(bytes);
  }
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const gb = new TextDecoder('gb18030');
  return (bytes) => {
    try {
      return utf8.decode(bytes);
    } catch {
      return gb.decode(bytes);
    }
  };
}

function asciiString(dataSet: DataSet, tag: string): string | undefined {
  const element = dataSet.elements[tag];
  if (!element || element.length === 0) return undefined;
  const bytes = dataSet.byteArray.subarray(element.dataOffset, element.dataOffset + element.length);
  return String.fromCharCode(...bytes).replace(/[\0 ]+$/, '').trim();
}

function numbers(dataSet: DataSet, tag: string): number[] {
  return (asciiString(dataSet, tag) ?? '')
    .split('\\')
    .map((part) => Number.parseFloat(part))
    .filter((n) => Number.isFinite(n));
}

function integerOrNull(dataSet: DataSet, tag: string): number | null {
  const [value] = numbers(dataSet, tag);
  return value === undefined ? null : Math.trunc(value);
}

/** A person name (PN) for people: its first non-empty group, components separated by spaces. */
function personName(value: string): string {
  const group = value.split('=').find((part) => part.replace(/\^/g, '').trim() !== '') ?? '';
  return group.split('^').map((part) => part.trim()).filter(Boolean).join(' ');
}

const PER_FRAME_GROUPS = 'x52009230';
const SHARED_GROUPS = 'x52009229';
/** Functional group macros (PS3.3 C.7.6.16) whose attributes the decoder reads. */
const MACRO = {
  pixelValueTransformation: 'x00289145',
  frameVoiLut: 'x00289132',
  pixelMeasures: 'x00289110',
} as const;

/** A frame's functional group items: its per-frame group's, then the shared group's. */
function groups(dataSet: DataSet, frameIndex: number): DataSet[] {
  const perFrame = dataSet.elements[PER_FRAME_GROUPS]?.items?.[frameIndex]?.dataSet;
  const shared = dataSet.elements[SHARED_GROUPS]?.items?.[0]?.dataSet;
  return [perFrame, shared].flatMap((group) => group ?? []);
}

/**
 * Where a frame's attributes are (PS3.3 C.7.6.16): an enhanced multi-frame puts them in a macro's
 * item in the frame's per-frame functional group, else in the shared group; every other file at
 * the top level. The data sets to look in; the first that has an attribute wins.
 */
function frameSources(dataSet: DataSet, frameIndex: number, macro: string): DataSet[] {
  return [...groups(dataSet, frameIndex).flatMap((group) => group.elements[macro]?.items?.[0]?.dataSet ?? []), dataSet];
}

function firstHolding(sources: DataSet[], tag: string): DataSet | undefined {
  return sources.find((source) => numbers(source, tag).length > 0);
}

/**
 * Milliseconds between frames: Frame Time (PS3.3 C.7.6.5; an enhanced multi-frame's in a macro of
 * the frame's functional groups first, as for every per-frame attribute), else 1000 / Cine Rate, else 1000 / Recommended Display
 * Frame Rate; null when the file says none.
 */
function frameTimeMs(dataSet: DataSet, frameIndex: number): number | null {
  const positive = (source: DataSet, tag: string) => numbers(source, tag).find((n) => n > 0);
  const inGroups = groups(dataSet, frameIndex)
    .flatMap((group) => Object.values(group.elements).flatMap((element) => element.items?.[0]?.dataSet ?? []));
  const frameTime = [...inGroups, dataSet].map((source) => positive(source, 'x00181063')).find((n) => n !== undefined);
  if (frameTime !== undefined) return frameTime;
  const rate = positive(dataSet, 'x00180040') ?? positive(dataSet, 'x00082144');
  return rate === undefined ? null : 1000 / rate;
}

function windows(sources: DataSet[]): Window[] {
  const source = firstHolding(sources, 'x00281050');
  if (!source) return [];
  const centers = numbers(source, 'x00281050');
  const widths = numbers(source, 'x00281051');
  return centers
    .map((center, i) => ({ center, width: widths[i] ?? Number.NaN }))
    .filter((window) => window.width >= 1);
}

/** The Image Pixel attributes of frame `frameIndex`, checked for sizes a phone can draw. */
export function pixelDescription(dataSet: DataSet, frameIndex = 0): PixelDescription {
  const rows = dataSet.uint16('x00280010') ?? 0;
  const columns = dataSet.uint16('x00280011') ?? 0;
  if (rows < 1 || columns < 1 || rows > MAX_DIMENSION || columns > MAX_DIMENSION) {
    throw new DecodeError('badDimensions', `Image size ${columns} × ${rows} is outside 1 to ${MAX_DIMENSION}`);
  }
  const samplesPerPixel = dataSet.uint16('x00280002') ?? 1;
  const bitsAllocated = dataSet.uint16('x00280100') ?? 0;
  const bitsStored = dataSet.uint16('x00280101') ?? bitsAllocated;
  const highBit = dataSet.uint16('x00280102') ?? bitsStored - 1;
  if (samplesPerPixel !== 1 && samplesPerPixel !== 3) {
    throw new DecodeError('badDimensions', `${samplesPerPixel} samples per pixel (1 or 3 are shown)`);
  }
  // 1-bit (segmentations, masks) and 32- or 64-bit (dose grids, float data) are legal DICOM the viewer does not draw.
  if (bitsAllocated === 1 || bitsAllocated === 32 || bitsAllocated === 64) {
    throw new DecodeError('unsupportedPixels', `Bits allocated ${bitsAllocated}: a pixel format this viewer does not draw`);
  }
  if ((bitsAllocated !== 8 && bitsAllocated !== 16) || bitsStored < 1 || bitsStored > bitsAllocated || highBit < bitsStored - 1 || highBit >= bitsAllocated) {
    throw new DecodeError('corrupt', `Bits allocated ${bitsAllocated}, stored ${bitsStored}, high bit ${highBit}: not a pixel format this viewer reads`);
  }
  const numberOfFrames = integerOrNull(dataSet, 'x00280008') ?? 1;
  if (numberOfFrames < 1) throw new DecodeError('corrupt', `Number of frames is ${numberOfFrames}`);
  const rescale = firstHolding(frameSources(dataSet, frameIndex, MACRO.pixelValueTransformation), 'x00281053') ?? dataSet;
  const slope = numbers(rescale, 'x00281053')[0];
  const signed = dataSet.uint16('x00280103') === 1;
  const photometricInterpretation = asciiString(dataSet, 'x00280004') ?? (samplesPerPixel === 1 ? 'MONOCHROME2' : 'RGB');
  return {
    rows,
    columns,
    samplesPerPixel,
    photometricInterpretation,
    planarConfiguration: dataSet.uint16('x00280006') ?? 0,
    bitsAllocated,
    bitsStored,
    highBit,
    signed,
    numberOfFrames,
    // A slope of 0 would erase the image; files that carry one mean "none".
    rescaleSlope: slope === undefined || slope === 0 ? 1 : slope,
    rescaleIntercept: numbers(rescale, 'x00281052')[0] ?? 0,
    palette: photometricInterpretation === 'PALETTE COLOR' && samplesPerPixel === 1 ? readPalette(dataSet, signed) : null,
  };
}

/** The tags the overlay shows and the viewer uses, frame `frameIndex`'s own where they differ. */
export function frameInfo(dataSet: DataSet, transferSyntaxUid: string, pixels: PixelDescription, frameIndex = 0): FrameInfo {
  const decode = textDecoder(dataSet);
  const text = (tag: string) => {
    const element = dataSet.elements[tag];
    if (!element || element.length === 0) return '';
    return decode(dataSet.byteArray.subarray(element.dataOffset, element.dataOffset + element.length)).replace(/[\0 ]+$/, '').trim();
  };
  const spacing = numbers(firstHolding(frameSources(dataSet, frameIndex, MACRO.pixelMeasures), 'x00280030') ?? dataSet, 'x00280030');
  const imagerSpacing = numbers(dataSet, 'x00181164');
  const pair = spacing.length >= 2 ? spacing : imagerSpacing;
  return {
    transferSyntaxUid,
    sopInstanceUid: asciiString(dataSet, 'x00080018') ?? '',
    seriesInstanceUid: asciiString(dataSet, 'x0020000e') ?? '',
    studyInstanceUid: asciiString(dataSet, 'x0020000d') ?? '',
    modality: asciiString(dataSet, 'x00080060') ?? '',
    patientName: personName(text('x00100010')),
    patientId: text('x00100020'),
    studyDate: asciiString(dataSet, 'x00080020') ?? '',
    studyDescription: text('x00081030'),
    seriesDescription: text('x0008103e'),
    seriesNumber: integerOrNull(dataSet, 'x00200011'),
    instanceNumber: integerOrNull(dataSet, 'x00200013'),
    numberOfFrames: pixels.numberOfFrames,
    windows: windows(frameSources(dataSet, frameIndex, MACRO.frameVoiLut)),
    pixelSpacing: pair.length >= 2 && pair[0]! > 0 && pair[1]! > 0 ? [pair[0]!, pair[1]!] : null,
    photometricInterpretation: pixels.photometricInterpretation,
    bitsAllocated: pixels.bitsAllocated,
    bitsStored: pixels.bitsStored,
    pixelRepresentation: pixels.signed ? 1 : 0,
    frameTimeMs: frameTimeMs(dataSet, frameIndex),
  };
}
