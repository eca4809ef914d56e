import { centredGrid } from '../../server/dicom/phantomMath';
import { HEAD_FOV_MM, headSlice } from '../../server/dicom/phantomHead';
import { radiograph } from '../../server/dicom/phantomRadiograph';
import { US_COLUMNS, US_FRAME_TIME_MS, US_ROWS, ultrasoundFrame } from '../../server/dicom/phantomUltrasound';
import { writeDicom, type PixelSource } from '../../server/dicom/write/index';

/**
 * The project's phantoms as plain explicit VR little endian files: the only files of the corpus
 * our own writer makes. DCMTK and GDCM turn them into every other syntax and photometric
 * (manifest.ts), and DCMTK renders the references, so no file the decoder is measured on was
 * encoded here.
 */

export type SeedName = 'ctUnsigned' | 'ctSigned' | 'ctFrames' | 'mr' | 'radiograph' | 'grey8' | 'ultrasound';

const SIZE = 256;
const UID_ROOT = '1.2.826.0.1.3680043.8.498.25';

function identity(seed: SeedName, modality: string): Record<string, unknown> {
  const n = (['ctUnsigned', 'ctSigned', 'ctFrames', 'mr', 'radiograph', 'grey8', 'ultrasound'] as const).indexOf(seed) + 1;
  return {
    SOPInstanceUID: `${UID_ROOT}.1.${n}`,
    StudyInstanceUID: `${UID_ROOT}.2`,
    SeriesInstanceUID: `${UID_ROOT}.3.${n}`,
    PatientName: 'Conformance^Corpus',
    PatientID: 'CONFORMANCE',
    StudyDate: '20261127',
    Modality: modality,
    SeriesNumber: n,
    InstanceNumber: 1,
  };
}

function headValues(contrast: 'ct' | 't2', z = 20): Float32Array {
  return headSlice(centredGrid(SIZE, HEAD_FOV_MM), z, contrast);
}

/** Every 4th pixel of the 1024² chest radiograph: 256², 12-bit. */
function smallRadiograph(): Uint16Array {
  const full = radiograph('chestPa');
  const out = new Uint16Array(SIZE * SIZE);
  for (let row = 0; row < SIZE; row++) {
    for (let column = 0; column < SIZE; column++) out[row * SIZE + column] = full[row * 4 * 1024 + column * 4]!;
  }
  return out;
}

const clamp = (v: number, low: number, high: number) => Math.max(low, Math.min(high, Math.round(v)));

function seedOf(name: SeedName): { pixels: PixelSource; tags: Record<string, unknown> } {
  const grey = { rows: SIZE, columns: SIZE, samplesPerPixel: 1 as const, photometric: 'MONOCHROME2' as const };
  switch (name) {
    case 'ctUnsigned': {
      const hu = headValues('ct');
      return {
        pixels: { ...grey, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0, frames: [Uint16Array.from(hu, (v) => clamp(v + 1024, 0, 4095))] },
        tags: { ...identity(name, 'CT'), RescaleIntercept: -1024, RescaleSlope: 1, WindowCenter: 40, WindowWidth: 80 },
      };
    }
    case 'ctSigned': {
      const hu = headValues('ct');
      return {
        pixels: { ...grey, bitsAllocated: 16, bitsStored: 16, pixelRepresentation: 1, frames: [Int16Array.from(hu, (v) => clamp(v, -1024, 3071))] },
        tags: { ...identity(name, 'CT'), RescaleIntercept: 0, RescaleSlope: 1, WindowCenter: 40, WindowWidth: 80 },
      };
    }
    case 'ctFrames':
      // Three slices in one file, for the enhanced CT that DCMTK's dcmodify makes of it (manifest.ts).
      return {
        pixels: { ...grey, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0, frames: [0, 20, 40].map((z) => Uint16Array.from(headValues('ct', z), (v) => clamp(v + 1024, 0, 4095))) },
        tags: { ...identity(name, 'CT'), SOPClassUID: '1.2.840.10008.5.1.4.1.1.2.1' },
      };
    case 'mr': {
      const signal = headValues('t2');
      return {
        pixels: { ...grey, bitsAllocated: 16, bitsStored: 16, pixelRepresentation: 0, frames: [Uint16Array.from(signal, (v) => clamp(v * 8, 0, 65535))] },
        tags: identity(name, 'MR'),
      };
    }
    case 'radiograph':
      return {
        pixels: { ...grey, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0, frames: [smallRadiograph()] },
        tags: { ...identity(name, 'DX'), RescaleIntercept: 0, RescaleSlope: 2 },
      };
    case 'grey8': {
      const signal = headValues('t2');
      const top = signal.reduce((m, v) => Math.max(m, v), 1);
      return {
        pixels: { ...grey, bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0, frames: [Uint8Array.from(signal, (v) => clamp((v / top) * 255, 0, 255))] },
        tags: identity(name, 'OT'),
      };
    }
    case 'ultrasound':
      return {
        pixels: {
          rows: US_ROWS, columns: US_COLUMNS, samplesPerPixel: 3, photometric: 'RGB', planarConfiguration: 0,
          bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0,
          frames: [0, 5, 10].map((frame) => ultrasoundFrame('liver', frame)),
        },
        tags: { ...identity(name, 'US'), FrameTime: US_FRAME_TIME_MS * 5 },
      };
  }
}

/** The seed's file bytes, explicit VR little endian. */
export function writeSeed(name: SeedName): Promise<Uint8Array> {
  const { pixels, tags } = seedOf(name);
  return writeDicom({ pixels, tags, syntax: 'explicitLittle' });
}
