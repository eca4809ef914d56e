import type { PixelSource, SyntaxName } from './write/index';
import { headSlice, HEAD_FOV_MM } from './phantomHead';
import type { HeadContrast } from './phantomHead';
import { centredGrid } from './phantomMath';
import type { AxialGrid } from './phantomMath';
import { sagittalSlice, SAGITTAL_FOV_MM } from './phantomSagittal';
import type { SagittalScene } from './phantomSagittal';
import { radiograph, RADIOGRAPH_SIZE, RADIOGRAPH_WINDOW, radiographSpacing } from './phantomRadiograph';
import type { RadiographView } from './phantomRadiograph';
import { torsoSlice, TORSO_FOV_MM } from './phantomTorso';
import { ultrasoundFrame, US_COLUMNS, US_FRAME_TIME_MS, US_FRAMES, US_ROWS } from './phantomUltrasound';
import type { UltrasoundScene } from './phantomUltrasound';

/**
 * The distinct series the sandbox's archive holds: which phantom, how many instances, in which
 * transfer syntax. Each is generated once into the cache (cache.ts); a study's files are a
 * template's files with the study's patient, study, series and instance tags written in
 * (compose.ts). The catalogue (catalogue.ts) says which study has which templates.
 */

export const SOP_CLASS = {
  ct: '1.2.840.10008.5.1.4.1.1.2',
  mr: '1.2.840.10008.5.1.4.1.1.4',
  dxPresentation: '1.2.840.10008.5.1.4.1.1.1.1',
  usMultiframe: '1.2.840.10008.5.1.4.1.1.3.1',
} as const;

/** A window (VOI) in modality values, with the name a viewer shows for it. */
export interface WindowPreset {
  center: number;
  width: number;
  name: string;
}

export const CT_WINDOWS = {
  lung: { center: -600, width: 1500, name: 'LUNG' },
  mediastinum: { center: 40, width: 400, name: 'MEDIASTINUM' },
  bone: { center: 400, width: 1800, name: 'BONE' },
  brain: { center: 40, width: 80, name: 'BRAIN' },
  abdomen: { center: 50, width: 350, name: 'ABDOMEN' },
} as const satisfies Record<string, WindowPreset>;

/** One generated instance: its pixels, its own tags, and previews (8-bit, one per preview window). */
export interface GeneratedInstance {
  pixels: PixelSource;
  tags: Record<string, unknown>;
  /** One image per preview window (grey) or per frame (colour): rows × columns × channels bytes. */
  previews: Uint8Array[];
}

export interface SeriesTemplate {
  /** Stable name: the cache directory of this series. */
  key: string;
  modality: 'CT' | 'MR' | 'DX' | 'US';
  description: string;
  syntax: SyntaxName;
  instances: number;
  /** Frames in each instance (a cine loop has many). */
  frames: number;
  rows: number;
  columns: number;
  /** 1 grey, 3 colour previews. */
  previewChannels: 1 | 3;
  /** The windows the grey previews are rendered in, the file's default first. Empty for colour. */
  windows: readonly WindowPreset[];
  /** Axial series: the image grid and each instance's height z (mm), for findings. */
  axial?: { grid: AxialGrid; z: (index: number) => number };
  /** Pixel size (mm) for films' scale bars; undefined where the image has none (ultrasound). */
  pixelSpacingMm?: number;
  generate(index: number): GeneratedInstance;
}

/** 8-bit greyscale of modality values in a window (linear VOI, PS3.3 C.11.2.1.2 in spirit). */
export function windowed(values: ArrayLike<number>, window: WindowPreset, invert = false): Uint8Array {
  const out = new Uint8Array(values.length);
  const low = window.center - window.width / 2;
  const scale = 255 / window.width;
  for (let i = 0; i < values.length; i++) {
    const v = ((values[i] as number) - low) * scale;
    const g = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    out[i] = invert ? 255 - g : g;
  }
  return out;
}

const AXIAL_ORIENTATION = [1, 0, 0, 0, 1, 0];

function windowTags(windows: readonly WindowPreset[]) {
  return {
    WindowCenter: windows.map((w) => w.center),
    WindowWidth: windows.map((w) => w.width),
    WindowCenterWidthExplanation: windows.map((w) => w.name),
  };
}

interface AxialOptions {
  key: string;
  description: string;
  syntax: SyntaxName;
  instances: number;
  /** Height of the first slice and the distance between slices (mm); slices go down (towards the feet). */
  top: number;
  step: number;
  thickness: number;
  windows: readonly WindowPreset[];
  /** How many of `windows` get a preview (the others are only in the file). */
  previewWindows: number;
}

/**
 * CT slices already computed, by phantom and height: the chest series of different syntaxes share
 * their slices (3 and 5 mm positions are among the 1 mm ones), and so do the two head series.
 * Bounded, so a long-running sandbox does not keep them all.
 */
const ctSlices = new Map<string, Int16Array>();
const CT_SLICES_KEPT = 420;

function ctStored(phantom: 'torso' | 'head', grid: AxialGrid, z: number): Int16Array {
  const key = `${phantom}:${grid.rows}:${z}`;
  let stored = ctSlices.get(key);
  if (!stored) {
    const hu = phantom === 'torso' ? torsoSlice(grid, z) : headSlice(grid, z, 'ct');
    // Stored = HU + 1024 (rescale intercept -1024): air is about 24, outside the scan circle negative.
    stored = Int16Array.from(hu, (v) => Math.max(-32768, Math.min(32767, Math.round(v + 1024))));
    ctSlices.set(key, stored);
    for (const old of ctSlices.keys()) {
      if (ctSlices.size <= CT_SLICES_KEPT) break;
      ctSlices.delete(old);
    }
  }
  return stored;
}

/** What an axial CT or MR series says besides its pixels: a 256 × 256 grid over the field of view, one slice per instance going down from `top`. */
function axialBase(o: AxialOptions, modality: 'CT' | 'MR', fovMm: number) {
  const grid = centredGrid(256, fovMm);
  const z = (index: number) => o.top - index * o.step;
  return {
    grid,
    z,
    key: o.key,
    modality,
    description: o.description,
    syntax: o.syntax,
    instances: o.instances,
    frames: 1,
    rows: grid.rows,
    columns: grid.columns,
    previewChannels: 1 as const,
    windows: o.windows,
    axial: { grid, z },
    pixelSpacingMm: grid.spacing,
  };
}

function ctSeries(o: AxialOptions, phantom: 'torso' | 'head'): SeriesTemplate {
  const { grid, z, ...base } = axialBase(o, 'CT', phantom === 'torso' ? TORSO_FOV_MM : HEAD_FOV_MM);
  return {
    ...base,
    generate(index) {
      const stored = ctStored(phantom, grid, z(index));
      const modality = Float32Array.from(stored, (v) => v - 1024);
      return {
        pixels: { rows: grid.rows, columns: grid.columns, bitsAllocated: 16, bitsStored: 16, pixelRepresentation: 1, samplesPerPixel: 1, photometric: 'MONOCHROME2', frames: [stored] },
        tags: {
          SOPClassUID: SOP_CLASS.ct,
          ImageType: ['ORIGINAL', 'PRIMARY', 'AXIAL'],
          InstanceNumber: index + 1,
          ImagePositionPatient: [grid.x0, grid.y0, z(index)],
          ImageOrientationPatient: AXIAL_ORIENTATION,
          SliceLocation: z(index),
          SliceThickness: o.thickness,
          PixelSpacing: [grid.spacing, grid.spacing],
          KVP: 120,
          RescaleIntercept: -1024,
          RescaleSlope: 1,
          RescaleType: 'HU',
          ...windowTags(o.windows),
        },
        previews: o.windows.slice(0, o.previewWindows).map((w) => windowed(modality, w)),
      };
    },
  };
}

function mrSeries(o: AxialOptions, contrast: HeadContrast): SeriesTemplate {
  const { grid, z, ...base } = axialBase(o, 'MR', HEAD_FOV_MM);
  return {
    ...base,
    generate(index) {
      const signal = headSlice(grid, z(index), contrast);
      const stored = Uint16Array.from(signal, (v) => Math.max(0, Math.min(4095, Math.round(v))));
      return {
        pixels: { rows: grid.rows, columns: grid.columns, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0, samplesPerPixel: 1, photometric: 'MONOCHROME2', frames: [stored] },
        tags: {
          SOPClassUID: SOP_CLASS.mr,
          ImageType: ['ORIGINAL', 'PRIMARY', 'M', 'ND'],
          InstanceNumber: index + 1,
          ImagePositionPatient: [grid.x0, grid.y0, z(index)],
          ImageOrientationPatient: AXIAL_ORIENTATION,
          SliceLocation: z(index),
          SliceThickness: o.thickness,
          SpacingBetweenSlices: o.step,
          PixelSpacing: [grid.spacing, grid.spacing],
          ScanningSequence: contrast === 'flair' ? ['SE', 'IR'] : ['SE'],
          SequenceVariant: ['SK'],
          RepetitionTime: contrast === 'flair' ? 9000 : 4000,
          EchoTime: contrast === 'flair' ? 120 : 100,
          ...(contrast === 'flair' ? { InversionTime: 2500 } : {}),
          MagneticFieldStrength: 1.5,
          ...windowTags(o.windows),
        },
        previews: o.windows.slice(0, o.previewWindows).map((w) => windowed(stored, w)),
      };
    },
  };
}

interface SagittalOptions {
  key: string;
  description: string;
  syntax: SyntaxName;
  scene: SagittalScene;
  instances: number;
  /** mm between slices, centred on the midline. */
  step: number;
  window: WindowPreset;
}

function sagittalMrSeries(o: SagittalOptions): SeriesTemplate {
  const size = 256;
  const fov = SAGITTAL_FOV_MM[o.scene];
  const spacing = fov / size;
  const x = (index: number) => (index - (o.instances - 1) / 2) * o.step;
  const pd = o.scene === 'kneePd';
  return {
    key: o.key,
    modality: 'MR',
    description: o.description,
    syntax: o.syntax,
    instances: o.instances,
    frames: 1,
    rows: size,
    columns: size,
    previewChannels: 1,
    windows: [o.window],
    pixelSpacingMm: spacing,
    generate(index) {
      const stored = Uint16Array.from(sagittalSlice(o.scene, size, x(index)), (v) => Math.max(0, Math.min(4095, Math.round(v))));
      return {
        pixels: { rows: size, columns: size, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0, samplesPerPixel: 1, photometric: 'MONOCHROME2', frames: [stored] },
        tags: {
          SOPClassUID: SOP_CLASS.mr,
          ImageType: ['ORIGINAL', 'PRIMARY', 'M', 'ND'],
          InstanceNumber: index + 1,
          // Rows run towards the back, columns towards the feet.
          ImagePositionPatient: [x(index), -fov / 2 + spacing / 2, fov / 2 - spacing / 2],
          ImageOrientationPatient: [0, 1, 0, 0, 0, -1],
          SliceLocation: x(index),
          SliceThickness: o.step,
          SpacingBetweenSlices: o.step,
          PixelSpacing: [spacing, spacing],
          ScanningSequence: ['SE'],
          SequenceVariant: ['SK'],
          RepetitionTime: pd ? 2800 : 3500,
          EchoTime: pd ? 30 : 110,
          MagneticFieldStrength: 1.5,
          ...windowTags([o.window]),
        },
        previews: [windowed(stored, o.window)],
      };
    },
  };
}

function radiographSeries(key: string, description: string, view: RadiographView, syntax: SyntaxName): SeriesTemplate {
  const window = { ...RADIOGRAPH_WINDOW[view], name: 'DEFAULT' };
  const spacing = radiographSpacing(view);
  return {
    key,
    modality: 'DX',
    description,
    syntax,
    instances: 1,
    frames: 1,
    rows: RADIOGRAPH_SIZE,
    columns: RADIOGRAPH_SIZE,
    previewChannels: 1,
    windows: [window],
    pixelSpacingMm: spacing,
    generate(index) {
      const stored = radiograph(view);
      return {
        pixels: { rows: RADIOGRAPH_SIZE, columns: RADIOGRAPH_SIZE, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0, samplesPerPixel: 1, photometric: 'MONOCHROME1', frames: [stored] },
        tags: {
          SOPClassUID: SOP_CLASS.dxPresentation,
          ImageType: ['ORIGINAL', 'PRIMARY'],
          PresentationIntentType: 'FOR PRESENTATION',
          InstanceNumber: index + 1,
          ViewPosition: view === 'chestPa' ? 'PA' : 'LL',
          PatientOrientation: view === 'chestPa' ? ['L', 'F'] : ['A', 'F'],
          ImagerPixelSpacing: [spacing, spacing],
          PixelSpacing: [spacing, spacing],
          KVP: view === 'chestPa' ? 125 : 75,
          ...windowTags([window]),
        },
        // MONOCHROME1: the lowest value is white, so the preview inverts.
        previews: [windowed(stored, window, true)],
      };
    },
  };
}

function ultrasoundSeries(key: string, description: string, scene: UltrasoundScene, syntax: SyntaxName): SeriesTemplate {
  return {
    key,
    modality: 'US',
    description,
    syntax,
    instances: 1,
    frames: US_FRAMES,
    rows: US_ROWS,
    columns: US_COLUMNS,
    previewChannels: 3,
    windows: [],
    generate(index) {
      const frames = Array.from({ length: US_FRAMES }, (_, frame) => ultrasoundFrame(scene, frame));
      return {
        pixels: { rows: US_ROWS, columns: US_COLUMNS, bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0, samplesPerPixel: 3, photometric: 'RGB', planarConfiguration: 0, frames },
        tags: {
          SOPClassUID: SOP_CLASS.usMultiframe,
          ImageType: ['ORIGINAL', 'PRIMARY', 'ABDOMINAL'],
          InstanceNumber: index + 1,
          FrameTime: US_FRAME_TIME_MS,
          CineRate: Math.round(1000 / US_FRAME_TIME_MS),
          RecommendedDisplayFrameRate: Math.round(1000 / US_FRAME_TIME_MS),
          FrameIncrementPointer: 0x00181063,
        },
        previews: frames,
      };
    },
  };
}

const { lung, mediastinum, bone, brain, abdomen } = CT_WINDOWS;
const chestWindows = [mediastinum, lung, bone];
const MR_WINDOW = { center: 1700, width: 3400, name: 'DEFAULT' };
const FLAIR_WINDOW = { center: 1400, width: 2800, name: 'DEFAULT' };

function chest3mm(syntax: SyntaxName): SeriesTemplate {
  return ctSeries({ key: `ct-chest-3mm-${syntax}`, description: 'Chest 3.0mm', syntax, instances: 100, top: 0, step: 3, thickness: 3, windows: chestWindows, previewWindows: 2 }, 'torso');
}

function head15mm(syntax: SyntaxName): SeriesTemplate {
  return ctSeries({ key: `ct-head-1.5mm-${syntax}`, description: 'Head 1.5mm', syntax, instances: 100, top: 100, step: 1.5, thickness: 1.5, windows: [brain, bone], previewWindows: 1 }, 'head');
}

/**
 * Every template, by key. Chest slices lie at multiples of 1, 3 and 5 mm below the top, so the
 * nodule (z = -45) is on a slice of each chest series.
 */
export const SERIES_TEMPLATES = {
  chestAxial1mm: ctSeries({ key: 'ct-chest-1mm-explicitLittle', description: 'Chest Axial 1.0mm', syntax: 'explicitLittle', instances: 300, top: 0, step: 1, thickness: 1, windows: chestWindows, previewWindows: 2 }, 'torso'),
  chestLung5mm: ctSeries({ key: 'ct-chest-lung-5mm-jpegLs', description: 'Lung 5.0mm', syntax: 'jpegLs', instances: 60, top: 0, step: 5, thickness: 5, windows: [lung, mediastinum], previewWindows: 1 }, 'torso'),
  chest3mmJpegLossless: chest3mm('jpegLossless'),
  chest3mmRle: chest3mm('rle'),
  chest3mmJpeg2000: chest3mm('jpeg2000'),
  abdomen25mmDeflated: ctSeries({ key: 'ct-abdomen-2.5mm-deflated', description: 'Abdomen 2.5mm', syntax: 'deflated', instances: 100, top: -170, step: 2.5, thickness: 2.5, windows: [abdomen, lung, bone], previewWindows: 1 }, 'torso'),
  head15mmImplicit: head15mm('implicitLittle'),
  head15mmBigEndian: head15mm('explicitBig'),
  mrHeadT2: mrSeries({ key: 'mr-head-t2-jpeg2000', description: 'T2 TSE Axial', syntax: 'jpeg2000', instances: 24, top: 80, step: 5, thickness: 5, windows: [MR_WINDOW], previewWindows: 1 }, 't2'),
  mrLumbarT2: sagittalMrSeries({ key: 'mr-lumbar-t2-sag-jpeg2000', description: 'T2 TSE Sagittal', syntax: 'jpeg2000', scene: 'lumbarT2', instances: 15, step: 4, window: { center: 1600, width: 3200, name: 'DEFAULT' } }),
  mrKneePd: sagittalMrSeries({ key: 'mr-knee-pd-sag-rle', description: 'PD Sagittal', syntax: 'rle', scene: 'kneePd', instances: 20, step: 3.5, window: { center: 1500, width: 3000, name: 'DEFAULT' } }),
  mrHeadFlair: mrSeries({ key: 'mr-head-flair-rle', description: 'T2 FLAIR Axial', syntax: 'rle', instances: 24, top: 80, step: 5, thickness: 5, windows: [FLAIR_WINDOW], previewWindows: 1 }, 'flair'),
  dxChestPa: radiographSeries('dx-chest-pa-jpegLossless', 'Chest PA', 'chestPa', 'jpegLossless'),
  dxCervicalLateral: radiographSeries('dx-cervical-lateral-jpegLossless', 'C-Spine Lateral', 'cervicalLateral', 'jpegLossless'),
  usLiver: ultrasoundSeries('us-liver-cine-jpegBaseline', 'Liver GB Cine', 'liver', 'jpegBaseline'),
  usThyroid: ultrasoundSeries('us-thyroid-cine-jpegBaseline', 'Thyroid Right Lobe Cine', 'thyroid', 'jpegBaseline'),
} as const satisfies Record<string, SeriesTemplate>;

export type TemplateName = keyof typeof SERIES_TEMPLATES;
