import { clamp, coverage, ellipsoidInside, noise3, smoothNoise } from './phantomMath';
import type { AxialGrid } from './phantomMath';

/**
 * A head phantom: scalp, skull (tables and diploe), CSF, folded cortex, white matter, ventricles,
 * deep grey nuclei, cerebellum, eyes and sinuses, from formulas. One geometry, three contrasts: CT
 * in Hounsfield units, and MR T2 and FLAIR in 12-bit signal. Coordinates in mm (DICOM LPS), z = 0
 * about the level of the thalami.
 */

export type HeadContrast = 'ct' | 't2' | 'flair';

/** The field of view of the head series (mm). */
export const HEAD_FOV_MM = 240;

type Tissue = 'air' | 'skin' | 'fat' | 'cortical' | 'diploe' | 'csf' | 'grey' | 'white' | 'eye' | 'lens' | 'muscle' | 'lesion';

const VALUES: Record<HeadContrast, Record<Tissue, number>> = {
  ct: { air: -1000, skin: 30, fat: -90, cortical: 1450, diploe: 650, csf: 6, grey: 38, white: 27, eye: 12, lens: 100, muscle: 45, lesion: 22 },
  t2: { air: 12, skin: 900, fat: 1900, cortical: 70, diploe: 1450, csf: 3400, grey: 1550, white: 1050, eye: 3300, lens: 500, muscle: 700, lesion: 2700 },
  flair: { air: 12, skin: 800, fat: 1800, cortical: 70, diploe: 1350, csf: 260, grey: 1500, white: 1150, eye: 300, lens: 450, muscle: 650, lesion: 2600 },
};

const SKULL_CENTRE = [0, 8, 12] as const;
const SKULL_RADII = [74, 95, 86] as const;
/** The small white-matter lesions of the MR report ("数个点状长T2信号", frontal, subcortical). */
const LESIONS: readonly (readonly [number, number, number])[] = [
  [-24, -38, 34],
  [27, -42, 30],
  [-20, -30, 44],
  [22, -34, 48],
];

// tissueAt's answer, kept in module variables: one object per pixel would keep the collector busy.
let tissue: Tissue = 'air';
let depth = 0;
let outer: Tissue = 'air';

function found(t: Tissue, d: number, o: Tissue): void {
  tissue = t;
  depth = d;
  outer = o;
}

/** The tissue at a point, how far inside it the point lies (mm, for soft edges) and what surrounds it. */
function tissueAt(x: number, y: number, z: number): void {
  const head = ellipsoidInside(x, y, z, SKULL_CENTRE, [SKULL_RADII[0] + 6, SKULL_RADII[1] + 6, SKULL_RADII[2] + 6]);
  if (head <= 0) return found('air', 10, 'air');
  const skull = ellipsoidInside(x, y, z, SKULL_CENTRE, SKULL_RADII);
  if (skull <= 0) return found(head > 4 || skull > -2.5 ? 'fat' : 'skin', head, 'air');

  // Face and skull base: eyes in fat-filled orbits, air in the sinuses.
  if (z < -8 && y < -40) {
    for (const s of [-1, 1]) {
      const eye = ellipsoidInside(x, y, z, [s * 31, -66, -22], [12, 12, 12]);
      if (eye > 0) return found(ellipsoidInside(x, y, z, [s * 31, -76, -22], [4, 2, 3]) > 0 ? 'lens' : 'eye', eye, 'fat');
      if (ellipsoidInside(x, y, z, [s * 31, -58, -22], [17, 22, 16]) > 0) return found('fat', 3, 'fat');
    }
    if (ellipsoidInside(x, y, z, [0, -58, -30], [14, 22, 20]) > 0) return found('air', 3, 'cortical');
    return found(z < -26 ? 'muscle' : 'cortical', 3, 'cortical');
  }

  if (skull < 7) return found(skull < 2.2 || skull > 5 ? 'cortical' : 'diploe', Math.min(skull, 7 - skull), 'fat');
  const brain = skull - 9;
  if (brain <= 0) return found('csf', -brain, 'cortical');
  if (z < -12) return skullBase(x, y, z, brain);
  brainTissue(x, y, z, brain);
}

/** Below the tentorium: cerebellum and brainstem behind, temporal lobes at the sides, bone between. */
function skullBase(x: number, y: number, z: number, brain: number): void {
  const fossa = ellipsoidInside(x, y, z, [0, 42, -30], [52, 36, 24]);
  if (fossa > 0) {
    const stem = ellipsoidInside(x, y, z, [0, 14, -30], [13, 13, 30]);
    if (stem > 0) return found('white', stem, 'csf');
    const fourth = ellipsoidInside(x, y, z, [0, 30, -26], [5, 4, 6]);
    if (fourth > 0) return found('csf', fourth, 'white');
    // Cerebellar folia: thin alternating bands.
    const folia = Math.sin(y * 0.7 + z * 0.9 + 2 * Math.sin(x * 0.08));
    if (fossa < 2.5 || Math.abs(folia) < 0.35) return found('grey', Math.min(fossa, 1), 'csf');
    return found('white', 1, 'grey');
  }
  for (const s of [-1, 1]) {
    const temporal = ellipsoidInside(x, y, z, [s * 44, -8, -16], [22, 36, 16]);
    if (temporal > 0) return found(temporal < 3 ? 'grey' : 'white', Math.min(temporal, 1.5), 'csf');
  }
  return found(z < -20 ? 'cortical' : 'csf', Math.min(brain, 2), 'csf');
}

function brainTissue(x: number, y: number, z: number, brainDepth: number): void {
  if (z > 26 && z < 52 && y < -20) {
    for (const lesion of LESIONS) {
      const d = ellipsoidInside(x, y, z, lesion, [2.6, 2.6, 2.6]);
      if (d > 0) return found('lesion', d, 'white');
    }
  }
  if (brainDepth > 18 && z < 36) {
    // Ventricles: lateral (bodies, frontal and occipital horns), third; deep grey nuclei.
    for (const s of [-1, 1]) {
      const body = ellipsoidInside(x, y, z, [s * 10, -2, 22], [6.5, 30, 9]);
      if (body > 0) return found('csf', body, 'white');
      const frontal = ellipsoidInside(x, y, z, [s * 12, -26, 14], [5, 10, 9]);
      if (frontal > 0) return found('csf', frontal, 'white');
      const occipital = ellipsoidInside(x, y, z, [s * 18, 36, 10], [4, 12, 7]);
      if (occipital > 0) return found('csf', occipital, 'white');
      const thalamus = ellipsoidInside(x, y, z, [s * 12, 10, 6], [9, 14, 9]);
      if (thalamus > 0) return found('grey', thalamus, 'white');
      const caudate = ellipsoidInside(x, y, z, [s * 16, -18, 16], [5, 9, 8]);
      if (caudate > 0) return found('grey', caudate, 'white');
    }
    const third = ellipsoidInside(x, y, z, [0, 4, 4], [2.2, 14, 9]);
    if (third > 0) return found('csf', third, 'white');
  }
  // The interhemispheric fissure, except across the corpus callosum.
  const callosum = z > 12 && z < 34 && Math.abs(y) < 38;
  if (Math.abs(x) < 1.3 && !callosum) return found('csf', 1.3 - Math.abs(x), 'grey');

  if (brainDepth > 17) return found('white', 4, 'grey');
  // Cortex: winding sulci up to 14 mm deep; grey matter lines the surface and each sulcus.
  const theta = Math.atan2(x, y);
  const phase = 11 * theta + 0.13 * z + 1.6 * Math.sin(4 * theta + 0.06 * z) + 6 * smoothNoise(x, y, z, 22, 11);
  const across = (Math.abs(Math.asin(Math.sin(phase))) / 11) * Math.hypot(x, y - 8);
  const sulcusDepth = 8 + 6 * Math.sin(phase * 0.37 + z * 0.05);
  if (brainDepth < sulcusDepth && across < 0.9) return found('csf', 0.9 - across, 'grey');
  if (brainDepth < 3 || (brainDepth < sulcusDepth + 3 && across < 4)) return found('grey', Math.min(brainDepth, 4 - across), 'csf');
  return found('white', Math.min(brainDepth - 3, across - 4), 'grey');
}

/** One axial slice at height z (mm): values of the contrast, row by row, with a little noise. */
export function headSlice(grid: AxialGrid, z: number, contrast: HeadContrast): Float32Array {
  const table = VALUES[contrast];
  const values = new Float32Array(grid.rows * grid.columns);
  const zKey = Math.round(z * 8);
  const mr = contrast !== 'ct';
  for (let row = 0; row < grid.rows; row++) {
    const y = grid.y0 + row * grid.spacing;
    for (let column = 0; column < grid.columns; column++) {
      const x = grid.x0 + column * grid.spacing;
      tissueAt(x, y, z);
      let value = table[outer] + (table[tissue] - table[outer]) * coverage(depth, grid.spacing);
      if (mr) {
        // Coil sensitivity falls off towards the back of the head; the noise floor is Rician.
        value *= 0.88 + 0.2 * smoothNoise(x, y, z, 60, 7) - 0.0008 * clamp(y, -100, 100);
        value = Math.abs(value + noise3(column, row, zKey, 28));
      } else {
        value += noise3(column, row, zKey, value < -900 ? 3 : 4);
      }
      values[row * grid.columns + column] = value;
    }
  }
  return values;
}
