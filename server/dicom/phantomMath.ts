/**
 * Small deterministic helpers the phantoms share: hashed noise instead of Math.random, so the
 * same slice always has the same pixels, and the soft edges that make shapes look scanned.
 */

/** A well-mixed 32-bit hash of three integers, as a number in [0, 1). */
export function hash3(x: number, y: number, z: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(z | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Noise centred on 0 with a standard deviation near `sigma` (the sum of three uniforms). */
export function noise3(x: number, y: number, z: number, sigma: number): number {
  const sum = hash3(x, y, z) + hash3(x + 7919, y - 104729, z + 31) + hash3(x - 613, y + 2741, z - 9973);
  return (sum - 1.5) * 2 * sigma;
}

/** Smooth value noise in [0, 1): hashed lattice values blended with a smoothstep, `scale` mm per cell. */
export function smoothNoise(x: number, y: number, z: number, scale: number, seed = 0): number {
  const fx = x / scale;
  const fy = y / scale;
  const fz = z / scale;
  const ix = Math.floor(fx);
  const iy = Math.floor(fy);
  const iz = Math.floor(fz);
  const tx = smooth(fx - ix);
  const ty = smooth(fy - iy);
  const tz = smooth(fz - iz);
  const corner = (dx: number, dy: number, dz: number) => hash3(ix + dx + seed * 1013, iy + dy, iz + dz);
  const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
  const plane = (dz: number) =>
    lerp(lerp(corner(0, 0, dz), corner(1, 0, dz), tx), lerp(corner(0, 1, dz), corner(1, 1, dz), tx), ty);
  return lerp(plane(0), plane(1), tz);
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/** A seeded pseudo-random sequence (mulberry32) for structures built once, such as vessel trees. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How much of a pixel `size` mm wide a boundary `distanceInside` mm inside covers: 0 outside, 1 well inside. */
export function coverage(distanceInside: number, size: number): number {
  const c = distanceInside / size + 0.5;
  return c <= 0 ? 0 : c >= 1 ? 1 : c;
}

/** Roughly how far (mm) a point lies inside an axis-aligned ellipse (negative outside). */
export function ellipseInside(x: number, y: number, cx: number, cy: number, a: number, b: number): number {
  const dx = (x - cx) / a;
  const dy = (y - cy) / b;
  const r = Math.sqrt(dx * dx + dy * dy);
  return (1 - r) * Math.min(a, b);
}

/** Roughly how far (mm) a point lies inside an ellipsoid (negative outside). */
export function ellipsoidInside(
  x: number,
  y: number,
  z: number,
  c: readonly [number, number, number],
  r: readonly [number, number, number],
): number {
  const dx = (x - c[0]) / r[0];
  const dy = (y - c[1]) / r[1];
  const dz = (z - c[2]) / r[2];
  return (1 - Math.sqrt(dx * dx + dy * dy + dz * dz)) * Math.min(r[0], r[1], r[2]);
}

export function clamp(value: number, low: number, high: number): number {
  return value < low ? low : value > high ? high : value;
}

/** A 3D line segment with a radius at each end: a piece of vessel or airway. */
export interface Tube {
  from: readonly [number, number, number];
  to: readonly [number, number, number];
  r0: number;
  r1: number;
}

/** How far (mm) a point lies inside a tube (negative outside). */
export function tubeInside(t: Tube, x: number, y: number, z: number): number {
  const ax = t.to[0] - t.from[0];
  const ay = t.to[1] - t.from[1];
  const az = t.to[2] - t.from[2];
  const len2 = ax * ax + ay * ay + az * az;
  const px = x - t.from[0];
  const py = y - t.from[1];
  const pz = z - t.from[2];
  const s = len2 === 0 ? 0 : clamp((px * ax + py * ay + pz * az) / len2, 0, 1);
  const dx = px - s * ax;
  const dy = py - s * ay;
  const dz = pz - s * az;
  return t.r0 + (t.r1 - t.r0) * s - Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/**
 * The image grid of a slice: pixel centre (column, row) to patient coordinates in mm, for axial
 * slices with ImageOrientationPatient 1\0\0\0\1\0 (columns towards the patient's left, rows
 * towards the back).
 */
export interface AxialGrid {
  rows: number;
  columns: number;
  /** mm between pixel centres. */
  spacing: number;
  /** Patient x and y of the first pixel's centre (ImagePositionPatient). */
  x0: number;
  y0: number;
}

/** A square grid of `size` pixels centred on the patient axis, covering `fov` mm. */
export function centredGrid(size: number, fov: number): AxialGrid {
  const spacing = fov / size;
  const first = -fov / 2 + spacing / 2;
  return { rows: size, columns: size, spacing, x0: first, y0: first };
}

/** The pixel (column, row) whose centre is nearest to patient x, y. */
export function pixelAt(grid: AxialGrid, x: number, y: number): { column: number; row: number } {
  return { column: Math.round((x - grid.x0) / grid.spacing), row: Math.round((y - grid.y0) / grid.spacing) };
}
