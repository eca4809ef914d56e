import { clamp, hash3, smoothNoise } from './phantomMath';

/**
 * Ultrasound cine loops from formulas, RGB 8-bit: speckle over echo levels of the organs, depth
 * gain, breathing or pulsation across the frames, and a colour Doppler box over a vessel. Two
 * scenes: the liver and gallbladder through a curved (sector) probe, and the thyroid through a
 * linear one.
 */

export type UltrasoundScene = 'liver' | 'thyroid';

export const US_COLUMNS = 320;
export const US_ROWS = 240;
export const US_FRAMES = 20;
/** mm per pixel: the liver scene shows 16 cm of depth, the thyroid 4 cm. */
export const US_SPACING_MM: Record<UltrasoundScene, number> = { liver: 0.6, thyroid: 0.17 };
/** Milliseconds between frames (the cine rate). */
export const US_FRAME_TIME_MS = 66;

interface Echo {
  /** Mean echo level 0..1 (0 anechoic fluid, 1 a strong reflector). */
  level: number;
  /** Flow towards (+) or away from (−) the probe inside a vessel, for the Doppler box. */
  flow: number;
}

function liverEcho(x: number, d: number, t: number): Echo {
  const breath = 4 * Math.sin(2 * Math.PI * t);
  const dy = d + breath;
  if (d < 2) return { level: 0.9, flow: 0 };
  if (d < 14) return { level: 0.18 + 0.5 * (smoothNoise(x, d, 0, 1.5, 2) > 0.78 ? 1 : 0), flow: 0 };
  if (d < 24) return { level: 0.38 + 0.2 * Math.abs(Math.sin(d * 0.9)), flow: 0 };
  // Diaphragm: a bright curve deep in the image.
  const diaphragm = 128 + 0.004 * x * x - breath * 0.5;
  if (Math.abs(dy - diaphragm) < 2.2) return { level: 1, flow: 0 };
  if (dy > diaphragm) return { level: 0.12, flow: 0 };
  // Gallbladder: anechoic, with brighter tissue behind it.
  const gb = ((x + 22) / 24) ** 2 + ((dy - 62) / 14) ** 2;
  if (gb < 1) return { level: gb > 0.9 ? 0.7 : 0.02, flow: 0 };
  const behindGb = Math.abs(x + 22) < 22 && dy > 62 ? 0.18 : 0;
  // Portal vein: a dark tube with bright walls, running obliquely.
  const pv = Math.abs(dy - (88 + 0.35 * x)) / Math.sqrt(1.1225);
  if (x > -5 && x < 60) {
    if (pv < 5.5) return { level: 0.03, flow: 0.6 + 0.4 * Math.sin(2 * Math.PI * t * 3) };
    if (pv < 7) return { level: 0.85, flow: 0 };
  }
  // Hepatic veins: thinner dark branches, no walls.
  if (Math.abs(dy - (50 - 0.5 * x)) < 2.2 && x > 20 && x < 70) return { level: 0.04, flow: -0.5 };
  return { level: 0.5 + behindGb + 0.08 * (smoothNoise(x, dy, 0, 9, 4) - 0.5), flow: 0 };
}

function thyroidEcho(x: number, d: number, t: number): Echo {
  const pulse = 0.5 + 0.5 * Math.sin(2 * Math.PI * t * 1.2);
  if (d < 0.6) return { level: 0.9, flow: 0 };
  if (d < 3) return { level: 0.3, flow: 0 };
  // Strap muscles: dark with fine bright striations.
  if (d < 7 + 0.0006 * x * x) return { level: 0.22 + 0.3 * (Math.abs(Math.sin(d * 4 + x * 0.05)) > 0.92 ? 1 : 0), flow: 0 };
  // Trachea at the right edge (medial): bright ring, shadow and reverberation beneath.
  const trachea = Math.hypot(x - 24, d - 16);
  if (trachea < 10) return { level: trachea > 8.8 ? 1 : 0.05 + 0.4 * (Math.abs(Math.sin(d * 1.3)) > 0.95 ? 1 : 0), flow: 0 };
  if (x > 15 && d > 16) return { level: 0.05, flow: 0 };
  // Common carotid at the left edge (lateral), pulsating.
  const carotid = Math.hypot(x + 15, d - 19);
  const radius = 3.3 + 0.25 * pulse;
  if (carotid < radius) return { level: 0.02, flow: -(0.5 + 0.5 * pulse) };
  if (carotid < radius + 0.6) return { level: 0.8, flow: 0 };
  // The thyroid lobe and the report's 5 × 4 mm hypoechoic nodule.
  const lobe = ((x - 3) / 13) ** 2 + ((d - 15) / 7.5) ** 2;
  if (lobe < 1) {
    const nodule = ((x - 4) / 2.5) ** 2 + ((d - 15) / 2) ** 2;
    if (nodule < 1) return { level: 0.16, flow: 0 };
    return { level: lobe > 0.92 ? 0.75 : 0.62, flow: 0 };
  }
  return { level: 0.35, flow: 0 };
}

interface Geometry {
  /** Position of a pixel in the scan: lateral x and depth d in mm, or null outside the image field. */
  locate(column: number, row: number): { x: number; d: number; angle: number } | null;
}

function sectorGeometry(spacing: number): Geometry {
  const apexRow = -40;
  const apexColumn = US_COLUMNS / 2;
  const inner = 40;
  const halfAngle = (37 * Math.PI) / 180;
  return {
    locate(column, row) {
      const dx = column - apexColumn;
      const dy = row - apexRow;
      const r = Math.hypot(dx, dy);
      const angle = Math.atan2(dx, dy);
      if (r < inner || r > inner + 272 || Math.abs(angle) > halfAngle || row >= US_ROWS - 8) return null;
      return { x: Math.sin(angle) * r * spacing, d: (r - inner) * spacing, angle };
    },
  };
}

function linearGeometry(spacing: number): Geometry {
  return {
    locate(column, row) {
      if (column < 30 || column > US_COLUMNS - 30 || row < 4 || row >= US_ROWS - 8) return null;
      return { x: (column - US_COLUMNS / 2) * spacing, d: (row - 4) * spacing, angle: 0 };
    },
  };
}

/** The Doppler box, in pixels. */
const DOPPLER_BOX: Record<UltrasoundScene, { c0: number; c1: number; r0: number; r1: number }> = {
  liver: { c0: 176, c1: 248, r0: 120, r1: 176 },
  thyroid: { c0: 52, c1: 120, r0: 80, r1: 150 },
};

/** One frame as interleaved RGB, row by row. */
export function ultrasoundFrame(scene: UltrasoundScene, frame: number): Uint8Array {
  const spacing = US_SPACING_MM[scene];
  const geometry = scene === 'liver' ? sectorGeometry(spacing) : linearGeometry(spacing);
  const echo = scene === 'liver' ? liverEcho : thyroidEcho;
  const box = DOPPLER_BOX[scene];
  const t = frame / US_FRAMES;
  const out = new Uint8Array(US_COLUMNS * US_ROWS * 3);
  // Speckle is a property of the tissue: it moves with it, sampled finer along the beam than across.
  const lateralCell = scene === 'liver' ? 1.1 : 0.35;
  const axialCell = scene === 'liver' ? 0.45 : 0.14;
  for (let row = 0; row < US_ROWS; row++) {
    for (let column = 0; column < US_COLUMNS; column++) {
      const at = (row * US_COLUMNS + column) * 3;
      const place = geometry.locate(column, row);
      if (!place) continue;
      const { level, flow } = echo(place.x, place.d, t);
      const breath = scene === 'liver' ? 4 * Math.sin(2 * Math.PI * t) : 0;
      const speckle = smoothNoise(place.x / lateralCell, (place.d + breath) / axialCell, 0, 1, 9);
      const fine = hash3(Math.round(place.x / lateralCell), Math.round((place.d + breath) / axialCell), 3);
      const gain = clamp(0.85 + place.d * (scene === 'liver' ? 0.002 : 0.004), 0, 1.2);
      const grey = clamp(255 * Math.pow(level * (0.35 + 1.3 * speckle * speckle + 0.3 * fine), 0.8) * gain, 0, 255);
      const inBox = column >= box.c0 && column <= box.c1 && row >= box.r0 && row <= box.r1;
      const onBox = inBox && (column === box.c0 || column === box.c1 || row === box.r0 || row === box.r1);
      if (onBox) {
        out.set([200, 200, 60], at);
      } else if (inBox && flow !== 0 && level < 0.1) {
        const v = Math.abs(flow) * (0.75 + 0.25 * speckle);
        out.set(flow > 0 ? [clamp(120 + 135 * v, 0, 255), clamp(40 * v, 0, 255), 0] : [0, clamp(60 * v, 0, 255), clamp(120 + 135 * v, 0, 255)], at);
      } else {
        out[at] = grey;
        out[at + 1] = grey;
        out[at + 2] = clamp(grey * 1.04, 0, 255);
      }
    }
  }
  // Depth marks every centimetre down the right edge.
  for (let mm = 10; mm / spacing < US_ROWS - 12; mm += 10) {
    const row = Math.round(mm / spacing) + (scene === 'liver' ? 0 : 4);
    for (let c = US_COLUMNS - 12; c < US_COLUMNS - 6; c++) out.set([210, 210, 210], (row * US_COLUMNS + c) * 3);
  }
  return out;
}
