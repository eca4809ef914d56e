import { clamp, coverage, noise3, smoothNoise } from './phantomMath';

/**
 * Radiographs from formulas: a PA chest and a lateral cervical spine. Each pixel sums the
 * attenuation along the beam (mm of water equivalent) through simple solids: body, lungs, heart,
 * spine, ribs, clavicles, shoulders; the detector value falls as attenuation rises, so the stored
 * image is MONOCHROME1 (low values white), as digital radiography systems often send it.
 */

export type RadiographView = 'chestPa' | 'cervicalLateral';

export const RADIOGRAPH_SIZE = 1024;
export const RADIOGRAPH_MAX_VALUE = 4095;

/** Attenuation (mm of water) of a cylinder of radius r at distance d from its axis, seen side on. */
function chord(r: number, d: number): number {
  return d >= r ? 0 : 2 * Math.sqrt(r * r - d * d);
}

/** Distance from (x, z) to the polyline of a curve sampled as z = f(x) for x in [x0, x1] (approximate, vertical). */
function bandDistance(x: number, z: number, centre: number, slope: number): number {
  return Math.abs(z - centre) / Math.sqrt(1 + slope * slope);
}

function chestAttenuation(x: number, z: number): number {
  const ax = Math.abs(x);
  const s = x < 0 ? -1 : 1;
  // Neck above the shoulders, the trunk below.
  const t = clamp((30 - z) / 55, 0, 1);
  const halfWidth = 62 + 98 * t * t * (3 - 2 * t);
  const depth = 105 + 11 * t;
  let a = ax < halfWidth ? 2 * depth * Math.sqrt(1 - (ax / halfWidth) ** 2) : 0;
  // Arms at the sides, beyond the chest wall.
  if (z < 0 && z > -330 && ax > 165 && ax < 205) a += chord(20, ax - 185) * 1.1;

  // Lungs: each an ellipse across, of depth 168 mm at its middle, above its dome.
  const apex = z >= -12 ? 0 : Math.min(1, Math.sqrt((-12 - z) / 45));
  const dome = (s < 0 ? -205 : -218) - 48 * ((x - s * 62) / 75) ** 2;
  if (apex > 0 && z > dome && ax > 18) {
    const nx = (x - s * (60 + 8 * apex)) / (62 * apex);
    if (Math.abs(nx) < 1) {
      let air = 168 * apex * Math.sqrt(1 - nx * nx);
      // The heart takes the place of lung in front.
      const hx = (x - 18) / 64;
      const hz = (z + 158) / 54;
      if (hx * hx + hz * hz < 1) air -= 96 * Math.sqrt(1 - hx * hx - hz * hz);
      // Fading into the recesses just above the dome.
      air *= clamp((z - dome) / 25, 0.25, 1);
      a -= Math.max(0, air) * 0.9 * coverage((1 - Math.abs(nx)) * 62 * apex, 2);
    }
  }
  // Trachea and the gastric air bubble.
  if (z < 60 && z > -90) a -= chord(9, ax) * 0.9;
  const bubble = ((x - 58) / 26) ** 2 + ((z + 246) / 14) ** 2;
  if (bubble < 1) a -= 24 * Math.sqrt(1 - bubble);

  // Spine: vertebral bodies with discs, pedicles.
  if (ax < 24) {
    const phase = ((((z + 400) / 26) % 1) + 1) % 1;
    a += chord(17, ax) * (phase > 0.8 ? 0.25 : 1.1);
    if (phase > 0.2 && phase < 0.55) a += chord(5, Math.abs(ax - 15)) * 2;
  }
  // Ribs: posterior arcs rising out from the spine, anterior arcs sweeping down towards the middle.
  for (let k = 0; k < 10; k++) {
    const zk = -8 - 23 * k;
    if (ax > 16 && ax < 155) {
      const t = (ax - 16) / 139;
      const centre = zk + 16 * Math.sin(Math.PI * t * 0.8) - 22 * t * t;
      const slope = (16 * 0.8 * Math.PI * Math.cos(Math.PI * t * 0.8) - 44 * t) / 139;
      a += chord(5.5, bandDistance(x, z, centre, slope)) * 2.2;
    }
    if (ax > 35 && ax < 150) {
      const t = (150 - ax) / 115;
      const centre = zk - 12 - 62 * t;
      a += chord(5, bandDistance(x, z, centre, 62 / 115)) * 1.1;
    }
  }
  // Clavicles.
  if (ax > 14 && ax < 160) {
    const centre = 16 + 18 * ((ax - 14) / 146) + 6 * Math.sin(((ax - 14) / 146) * Math.PI * 2);
    a += chord(7.5, Math.abs(z - centre)) * 3;
  }
  // Scapulae over the upper lateral chest, humeral heads at the corners.
  const scap = ((ax - 138) / 30) ** 2 + ((z + 60) / 75) ** 2;
  if (scap < 1) a += 10 * Math.sqrt(1 - scap);
  a += chord(26, Math.hypot(ax - 182, z - 4)) * 1.6;
  return a;
}

function cervicalAttenuation(x: number, z: number): number {
  // Lateral view: x runs from the front of the neck (negative) to the back; z up, 0 about C5.
  const smoothstep = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));
  const neck = 105 * Math.sqrt(clamp(1 - ((x - 4) / 60) ** 2, 0, 1)) * (1 - smoothstep((z - 70) / 30));
  const skull = ((x - 22) / 92) ** 2 + ((z - 150) / 78) ** 2;
  const head = skull < 1 ? 150 * Math.sqrt(1 - skull) + 30 * coverage(5 - Math.abs(Math.sqrt(skull) - 0.95) * 90, 2) : 0;
  let a = Math.max(neck, head);
  // Jaw in front, airway in front of the spine.
  const jaw = Math.abs(Math.hypot(x + 20, z - 95) - 48);
  if (z < 95 && x < -20) a += chord(7, jaw) * 2.2;
  if (z < 72) a -= chord(7, Math.abs(x + 32 + 0.06 * z)) * 0.9;
  // C1's anterior arch, then C2 to C7 with gentle lordosis.
  a += chord(5, Math.hypot(x + 20, z - 60)) * 2;
  for (let k = 0; k < 6; k++) {
    const zc = 42 - k * 19;
    const bx = x - 6 * Math.sin(((42 - zc) / 95) * Math.PI);
    const inBody = Math.min(8.5 - Math.abs(bx + 10), 6.5 - Math.abs(z - zc));
    if (inBody > -1) a += 16 * coverage(inBody, 1) + 14 * coverage(1.4 - Math.abs(inBody - 0.7), 0.8);
    if (k === 0) a += 14 * coverage(Math.min(4 - Math.abs(bx + 10), 10 - Math.abs(z - zc - 12)), 1);
    const length = 16 + 3 * k;
    const along = (bx - 12) / length;
    if (along > 0 && along < 1) a += 12 * coverage(3.5 - Math.abs(z - zc + 2 + along * 6), 1);
    const pillar = Math.min(6 - Math.abs(bx - 6), 7.5 - Math.abs(z - zc));
    if (pillar > -1) a += 9 * coverage(pillar, 1);
    // The findings' anterior osteophyte at C5/6.
    if (k === 3) a += 12 * coverage(2.5 - Math.hypot(bx + 19.5, z - zc + 7), 1);
  }
  return a;
}

/** Where each view's image lies: pixel size and the height (mm) of the top row. */
const VIEWS: Record<RadiographView, { spacing: number; top: number; attenuation: (x: number, z: number) => number }> = {
  chestPa: { spacing: 0.4, top: 70, attenuation: chestAttenuation },
  cervicalLateral: { spacing: 0.25, top: 150, attenuation: cervicalAttenuation },
};

export function radiographSpacing(view: RadiographView): number {
  return VIEWS[view].spacing;
}

/**
 * The radiograph's stored values (0..4095, MONOCHROME1), row by row from the top: linear in the
 * attenuation, as a detector's processed (log) image is; more attenuation, lower value, whiter.
 */
export function radiograph(view: RadiographView): Uint16Array {
  const size = RADIOGRAPH_SIZE;
  const { spacing, top, attenuation } = VIEWS[view];
  const values = new Uint16Array(size * size);
  const half = (size * spacing) / 2;
  for (let row = 0; row < size; row++) {
    const z = top - row * spacing;
    for (let column = 0; column < size; column++) {
      const x = -half + (column + 0.5) * spacing;
      const a = Math.max(0, attenuation(x, z)) * (0.97 + 0.06 * smoothNoise(x, z, 0, 14, 21));
      const value = 3950 - 11.5 * a + noise3(column, row, 17, 16);
      values[row * size + column] = clamp(Math.round(value), 0, RADIOGRAPH_MAX_VALUE);
    }
  }
  return values;
}

/** The window that shows a view well (centre and width in stored values). */
export const RADIOGRAPH_WINDOW: Record<RadiographView, { center: number; width: number }> = {
  chestPa: { center: 2250, width: 3000 },
  cervicalLateral: { center: 2500, width: 3000 },
};
