/**
 * What decoding one DICOM frame gives the viewer: the values ready to draw and what the overlay
 * needs. The contract between the decoder (worker) and the viewer's renderer.
 */

/** A greyscale frame: modality values (rescale slope and intercept already applied). */
export interface GreyFrame {
  kind: 'grey';
  rows: number;
  columns: number;
  /** rows × columns modality values (e.g. Hounsfield units), row by row. */
  values: Float32Array;
  /** Smallest and largest value, for a window when the file names none. */
  min: number;
  max: number;
  /** MONOCHROME1: high values are dark. The renderer inverts. */
  invert: boolean;
}

/** A colour frame: RGB already converted from YBR or a palette and interleaved, as RGBA for a canvas. */
export interface ColourFrame {
  kind: 'colour';
  rows: number;
  columns: number;
  rgba: Uint8ClampedArray;
}

export type Frame = GreyFrame | ColourFrame;

/** A window (VOI): centre and width in modality values. */
export interface Window {
  center: number;
  width: number;
}

/** The tags the overlay shows and the viewer uses. */
export interface FrameInfo {
  transferSyntaxUid: string;
  sopInstanceUid: string;
  seriesInstanceUid: string;
  studyInstanceUid: string;
  modality: string;
  patientName: string;
  patientId: string;
  studyDate: string;
  studyDescription: string;
  seriesDescription: string;
  seriesNumber: number | null;
  instanceNumber: number | null;
  numberOfFrames: number;
  /** The file's own windows (Window Center / Width), first is the default. */
  windows: Window[];
  /** Row and column spacing in mm, when known. */
  pixelSpacing: [number, number] | null;
  photometricInterpretation: string;
  bitsAllocated: number;
  bitsStored: number;
  pixelRepresentation: number;
  /**
   * Milliseconds between frames, for cine: Frame Time (0018,1063), else 1000 / Cine Rate
   * (0018,0040), else 1000 / Recommended Display Frame Rate (0008,2144), else null.
   */
  frameTimeMs: number | null;
}

export interface DecodedFrame {
  info: FrameInfo;
  frame: Frame;
}

/** Why a file could not be shown; each has its own message on the image. */
export type DecodeProblem =
  | 'notDicom'
  | 'truncated'
  | 'unsupportedSyntax'
  | 'unsupportedPixels'
  | 'badDimensions'
  | 'missingFrame'
  | 'corrupt';

export class DecodeError extends Error {
  constructor(
    readonly problem: DecodeProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'DecodeError';
  }
}
