import { clamp, coverage, noise3, smoothNoise } from './phantomMath';

/**
 * Sagittal MR phantoms from formulas, in 12-bit signal: the lumbar spine (T2) and the knee (proton
 * density). A slice is the plane at lateral position x (mm); in it, y runs from the front of the
 * body (negative) to the back and z from the head (positive) down. Structures thin out away from
 * the midline, so neighbouring slices differ.
 */

export type SagittalScene = 'lumbarT2' | 'kneePd';

export const SAGITTAL_FOV_MM: Record<SagittalScene, number> = { lumbarT2: 300, kneePd: 160 };

/** Depth (mm) inside a rounded rectangle centred at (cy, cz), half sizes hy, hz, corner radius r; negative outside. */
function roundedBox(y: number, z: number, cy: number, cz: number, hy: number, hz: number, r: number): number {
  const qy = Math.abs(y - cy) - (hy - r);
  const qz = Math.abs(z - cz) - (hz - r);
  const signedDistance = Math.hypot(Math.max(qy, 0), Math.max(qz, 0)) + Math.min(Math.max(qy, qz), 0) - r;
  return -signedDistance;
}

function bone(depth: number, marrow: number, around: number): number {
  if (depth <= -1.5) return around;
  const inner = depth > 1.8 ? marrow : 90;
  return around + (inner - around) * coverage(depth, 1.2);
}

function lumbar(x: number, y: number, z: number): number {
  const ax = Math.abs(x);
  // Body outline: abdominal wall in front, skin behind.
  const front = -125 + 0.0008 * z * z;
  const back = 98 - 0.0006 * (z - 40) ** 2;
  if (y < front || y > back) return 12;
  let value = 620; // abdominal contents and muscle
  if (y > back - 18 || y < front + 12) value = 1750; // subcutaneous fat
  else if (y > 45) value = 560; // paraspinal muscles
  if (y < -30 && y > front + 12) value = 700 + 900 * (smoothNoise(x, y, z, 9, 31) > 0.62 ? 1 : 0); // bowel with fluid
  // Lordosis: the column bows forward in the lower lumbar spine.
  const shift = 14 * Math.sin(clamp((60 - z) / 200, 0, 1) * Math.PI);
  const yy = y + shift;
  const width = clamp(1 - ax / 26, 0, 1);
  if (width > 0) {
    for (let k = 0; k < 7; k++) {
      const zc = 130 - k * 40;
      const sacrum = k === 6;
      const body = roundedBox(yy, z, 0, zc, 19 * Math.sqrt(width), sacrum ? 24 : 15, 4);
      if (body > -1.5) return bone(body, 880 + 60 * (smoothNoise(x, y, z, 6, 33) - 0.5), value);
      const discZ = zc - 20;
      if (!sacrum && Math.abs(z - discZ) < 5) {
        // L4/5 (k = 4) bulges back into the canal and has lost water (the report's finding).
        const degenerate = k === 4;
        const bulge = degenerate ? 6 * Math.max(0, 1 - Math.abs(z - discZ) / 5) : 0;
        const inDisc = Math.min(19 * Math.sqrt(width) + (yy > 0 ? bulge : 0) - Math.abs(yy), 5 - Math.abs(z - discZ));
        if (inDisc > 0) {
          const nucleus = inDisc > 3.5 && Math.abs(yy) < 10;
          return nucleus ? (degenerate ? 1100 : 2400) : 520;
        }
      }
    }
  }
  // Spinal canal: CSF with the cord above L1 and the nerve roots of the cauda equina below.
  if (ax < 12 && yy > 20 && yy < 36) {
    if (z > 110 && Math.abs(yy - 28) < 4.5 && ax < 6) return 900;
    if (z <= 110 && Math.abs(Math.sin((yy + x) * 1.4)) < 0.15) return 1100;
    return 3100;
  }
  // Posterior elements: laminae and spinous processes at each level.
  if (ax < 14 && yy > 36 && yy < 76) {
    for (let k = 0; k < 6; k++) {
      const zc = 130 - k * 40 - 4;
      const process = roundedBox(yy, z, 56, zc, 20, 9, 3);
      if (process > -1.5) return bone(process, 820, value);
    }
  }
  return value;
}

function knee(x: number, y: number, z: number): number {
  const ax = Math.abs(x);
  const skin = 62 - 0.002 * z * z;
  if (Math.abs(y + 5) > skin) return 10;
  let value = Math.abs(y + 5) > skin - 6 ? 1650 : 640; // subcutaneous fat, muscle
  if (y < -20 && z > -30 && z < 10) value = 1700; // Hoffa's fat pad
  // Joint effusion in the suprapatellar recess (small, as the report says).
  if (y > -42 && y < -26 && z > 30 && z < 60) value = 3000;
  const width = clamp(1 - ax / 45, 0, 1);
  if (width > 0) {
    // Femur: shaft and the rounded condyle; tibia: plateau and shaft; a cartilage layer on each.
    const condyle = 34 * Math.sqrt(width) - Math.hypot(y - 2, z - 12);
    const shaft = Math.min(16 - Math.abs(y - 5), 90 - z) + (z > 20 ? 0 : -100);
    const femur = Math.max(condyle, shaft);
    if (femur > -3) return femur > 0 ? bone(femur, 1450, value) : 1250;
    const plateau = roundedBox(y, z, 0, -50, 34 * Math.sqrt(width), 28, 6);
    const tibia = Math.max(plateau, Math.min(18 - Math.abs(y - 4), -60 - z));
    if (tibia > -3) return tibia > 0 ? bone(tibia, 1450, value) : 1250;
    // Menisci: dark triangles at the front and back of the joint; the posterior horn has a line in it.
    for (const [cy, side] of [[-26, -1], [28, 1]] as const) {
      const dy = (y - cy) * side;
      if (dy > -12 && dy < 6 && z > -22 && z < -22 + (dy + 12) * 0.5) {
        return side > 0 && Math.abs(z + 18 - dy * 0.2) < 0.8 && dy > -8 ? 1300 : 80;
      }
    }
  }
  // Cruciate ligaments in the notch, near the midline.
  if (ax < 8 && Math.abs(y - 0.6 * z - 4) < 3 && z > -18 && z < 22) return 150;
  // Patella with its tendons.
  const patella = roundedBox(y, z, -46, 28, 10, 22, 8);
  if (ax < 30 && patella > -1.5) return bone(patella, 1400, value);
  if (ax < 20 && Math.abs(y + 48 - 0.15 * (z - 6)) < 3 && z < 6 && z > -48) return 70;
  if (ax < 20 && Math.abs(y + 50) < 3 && z > 50 && z < 90) return 70;
  return value;
}

/** One sagittal slice at lateral position x (mm): signal values, row by row (top = head end). */
export function sagittalSlice(scene: SagittalScene, size: number, x: number): Float32Array {
  const fov = SAGITTAL_FOV_MM[scene];
  const spacing = fov / size;
  const values = new Float32Array(size * size);
  const signal = scene === 'lumbarT2' ? lumbar : knee;
  const xKey = Math.round(x * 8);
  for (let row = 0; row < size; row++) {
    const z = fov / 2 - (row + 0.5) * spacing;
    for (let column = 0; column < size; column++) {
      const y = -fov / 2 + (column + 0.5) * spacing;
      const v = signal(x, y, z) * (0.9 + 0.2 * smoothNoise(x, y, z, 80, 41));
      values[row * size + column] = Math.abs(v + noise3(column, row, xKey, 25));
    }
  }
  return values;
}
