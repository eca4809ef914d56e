import {
  clamp,
  coverage,
  ellipseInside,
  ellipsoidInside,
  hash3,
  noise3,
  seededRandom,
  smoothNoise,
  tubeInside,
} from './phantomMath';
import type { AxialGrid, Tube } from './phantomMath';

/**
 * A CT phantom of the chest and upper abdomen, in Hounsfield units, computed from formulas: body
 * wall, lungs with vessel and airway trees, heart and great vessels, spine, ribs, sternum,
 * clavicles and scapulae, the diaphragm, liver, spleen, stomach, kidneys and bowel, lying on the
 * scanner table. Patient coordinates in mm (DICOM LPS): x towards the patient's left, y towards
 * the back, z towards the head; z = 0 is the top of a chest scan, the lung apices at z = -12.
 */

/** Reconstruction field of view (mm): the images show a circle of this diameter. */
export const TORSO_FOV_MM = 360;
/** Outside the reconstruction circle, as scanners mark it. */
const OUTSIDE_FOV_HU = -2000;

/**
 * The AI finding: a solid nodule in the right upper lobe. Its centre sits on a pixel centre of the
 * 256 × 256 grid and on a slice of every chest series (z a multiple of 15 mm below the top).
 */
export const LUNG_NODULE = { x: -94.921875, y: -21.796875, z: -45, diameterMm: 4.2, hu: 35 } as const;
/** No vessel is drawn this close (mm) to the nodule, so it stands alone in aerated lung. */
const NODULE_CLEARANCE_MM = 16;

/** An 8 mm hypodense lesion in the right lobe of the liver (the abdominal CT report's finding). */
const LIVER_LESION = { c: [-75, -15, -285] as const, r: 4, hu: 22 };

const HU = {
  air: -1000,
  lung: -850,
  fat: -95,
  skin: 25,
  muscle: 48,
  blood: 40,
  myocardium: 45,
  cartilage: 120,
  marrow: 260,
  cortical: 1150,
  disc: 85,
  csf: 12,
  liver: 60,
  spleen: 50,
  kidney: 32,
  fluid: 8,
  bowelWall: 40,
  tableShell: 250,
  tableCore: -620,
} as const;

interface Side {
  /** -1 the patient's right (image left), +1 the left. */
  s: -1 | 1;
}

function apexScale(z: number): number {
  // The lungs narrow to their apices over the top 45 mm.
  return z >= -12 ? 0 : Math.min(1, Math.sqrt((-12 - z) / 45));
}

/** The diaphragm's height (z) under a point: a dome over each side, lowest at the back and the sides. */
export function diaphragmZ(x: number, y: number): number {
  const s = x < 0 ? -1 : 1;
  const top = s < 0 ? -205 : -218;
  const nx = (x - s * 62) / 75;
  const ny = (y - 5) / 90;
  return top - 48 * (nx * nx + ny * ny) - (y > 0 ? 18 * (y / 90) : 0);
}

function bodyShape(z: number): { a: number; b: number; cy: number } {
  const shoulders = z > -40 ? (z + 40) / 40 : 0;
  const abdomen = z < -240 ? clamp((-240 - z) / 80, 0, 1) : 0;
  return { a: 160 + 12 * shoulders - 8 * abdomen, b: 116 - 8 * abdomen, cy: 20 };
}

function cavityShape(z: number): { a: number; b: number; cy: number } {
  const body = bodyShape(z);
  return { a: body.a - 30, b: body.b - 30, cy: 15 };
}

/** Inside the lung of one side (mm, negative outside), ignoring the mediastinum and vessels. */
function lungInside(x: number, y: number, z: number, { s }: Side): number {
  const f = apexScale(z);
  if (f === 0 || z < diaphragmZ(x, y)) return -1;
  const cx = s * (60 + 8 * f);
  return ellipseInside(x, y, cx, 8, 62 * f, 84 * f);
}

/** Vertebra levels: 26 mm apart in the chest, 34 mm in the abdomen; the disc is the top fifth of each. */
function vertebraAt(z: number): { inDisc: boolean; phase: number; lumbar: boolean } {
  const lumbar = z < -250;
  const period = lumbar ? 34 : 26;
  const phase = (((z - (lumbar ? -250 : 0)) / period) % 1 + 1) % 1;
  return { inDisc: phase > 0.8, phase, lumbar };
}

interface Trees {
  vessels: Tube[];
  airways: Tube[];
}

/** Branching vessel and airway trees from each hilum, built once from a seeded sequence. */
function buildTrees(): Trees {
  const random = seededRandom(20261118);
  const vessels: Tube[] = [];
  const airways: Tube[] = [];
  const inLung = (p: readonly [number, number, number], side: Side) => lungInside(p[0], p[1], p[2], side) > 2;

  function grow(out: Tube[], side: Side, from: [number, number, number], dir: [number, number, number], radius: number, length: number, depth: number, minRadius: number) {
    const to: [number, number, number] = [from[0] + dir[0] * length, from[1] + dir[1] * length, from[2] + dir[2] * length];
    if (depth > 0 && !inLung(to, side)) return;
    const r1 = radius * 0.8;
    out.push({ from, to, r0: radius, r1 });
    if (r1 < minRadius || depth >= 8) return;
    for (let i = 0; i < 2; i++) {
      const turn = (i === 0 ? 1 : -1) * (0.35 + 0.3 * random());
      const twist = random() * Math.PI * 2;
      // Rotate the direction by `turn` around an axis perpendicular to it, picked by `twist`.
      const [dx, dy, dz] = dir;
      const ref: [number, number, number] = Math.abs(dz) < 0.9 ? [0, 0, 1] : [1, 0, 0];
      let ux = dy * ref[2] - dz * ref[1];
      let uy = dz * ref[0] - dx * ref[2];
      let uz = dx * ref[1] - dy * ref[0];
      const ul = Math.hypot(ux, uy, uz);
      ux /= ul;
      uy /= ul;
      uz /= ul;
      const vx = dy * uz - dz * uy;
      const vy = dz * ux - dx * uz;
      const vz = dx * uy - dy * ux;
      const px = Math.cos(twist) * ux + Math.sin(twist) * vx;
      const py = Math.cos(twist) * uy + Math.sin(twist) * vy;
      const pz = Math.cos(twist) * uz + Math.sin(twist) * vz;
      const nd: [number, number, number] = [
        dx * Math.cos(turn) + px * Math.sin(turn),
        dy * Math.cos(turn) + py * Math.sin(turn),
        dz * Math.cos(turn) + pz * Math.sin(turn),
      ];
      grow(out, side, to, nd, r1, length * (0.78 + 0.1 * random()), depth + 1, minRadius);
    }
  }

  for (const s of [-1, 1] as const) {
    const side = { s };
    const hilum: [number, number, number] = [s * 42, 2, -112];
    // Lobar directions: up, up-front, out, down-front, down-back, down.
    const roots: [number, number, number][] = [
      [0.25, -0.1, 0.95],
      [0.45, -0.55, 0.5],
      [0.9, -0.1, 0.1],
      [0.45, -0.5, -0.6],
      [0.4, 0.55, -0.6],
      [0.35, 0.1, -0.9],
      [0.55, 0.6, 0.4],
    ];
    for (const [rx, ry, rz] of roots) {
      const l = Math.hypot(rx, ry, rz);
      const dir: [number, number, number] = [(s * rx) / l, ry / l, rz / l];
      grow(vessels, side, hilum, dir, 5.5, 24, 0, 0.45);
    }
    const carinaSide: [number, number, number] = [s * 32, 0, -105];
    for (const [rx, ry, rz] of roots.slice(0, 6)) {
      const l = Math.hypot(rx, ry, rz);
      grow(airways, side, carinaSide, [(s * rx) / l, (ry + 0.15) / l, rz / l], 4.5, 20, 0, 1.6);
    }
  }
  return { vessels, airways };
}

let trees: Trees | undefined;

interface Footprint {
  tube: Tube;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The tubes that cross the plane z, each with the part of the plane it can touch. */
function footprintsAt(tubes: readonly Tube[], z: number): Footprint[] {
  const out: Footprint[] = [];
  for (const tube of tubes) {
    const r = Math.max(tube.r0, tube.r1);
    const z0 = tube.from[2];
    const z1 = tube.to[2];
    if (z < Math.min(z0, z1) - r || z > Math.max(z0, z1) + r) continue;
    const dz = z1 - z0;
    let s0 = 0;
    let s1 = 1;
    if (Math.abs(dz) > 1e-6) {
      const a = (z - r - z0) / dz;
      const b = (z + r - z0) / dz;
      s0 = clamp(Math.min(a, b), 0, 1);
      s1 = clamp(Math.max(a, b), 0, 1);
    }
    const xa = tube.from[0] + (tube.to[0] - tube.from[0]) * s0;
    const xb = tube.from[0] + (tube.to[0] - tube.from[0]) * s1;
    const ya = tube.from[1] + (tube.to[1] - tube.from[1]) * s0;
    const yb = tube.from[1] + (tube.to[1] - tube.from[1]) * s1;
    out.push({ tube, minX: Math.min(xa, xb) - r, maxX: Math.max(xa, xb) + r, minY: Math.min(ya, yb) - r, maxY: Math.max(ya, yb) + r });
  }
  return out;
}

/** Great vessels, trachea and oesophagus: tubes with a fixed content. */
const CENTRAL_TUBES: { tube: Tube; hu: number }[] = [
  // Ascending aorta, arch, descending and abdominal aorta.
  { tube: { from: [6, -15, -178], to: [6, -24, -86], r0: 15, r1: 15 }, hu: HU.blood },
  { tube: { from: [6, -24, -86], to: [16, 18, -70], r0: 14, r1: 13 }, hu: HU.blood },
  { tube: { from: [16, 18, -70], to: [22, 50, -88], r0: 13, r1: 12 }, hu: HU.blood },
  { tube: { from: [22, 50, -88], to: [20, 53, -250], r0: 12, r1: 11.5 }, hu: HU.blood },
  { tube: { from: [20, 53, -250], to: [8, 45, -460], r0: 11.5, r1: 10 }, hu: HU.blood },
  // Brachiocephalic, left carotid and left subclavian arteries.
  { tube: { from: [2, -14, -74], to: [-18, -20, 10], r0: 7, r1: 6 }, hu: HU.blood },
  { tube: { from: [12, 5, -70], to: [14, 0, 10], r0: 4.5, r1: 4 }, hu: HU.blood },
  { tube: { from: [18, 22, -72], to: [30, 20, 10], r0: 5, r1: 4.5 }, hu: HU.blood },
  // Pulmonary trunk and arteries.
  { tube: { from: [22, -42, -152], to: [26, -28, -112], r0: 14, r1: 13 }, hu: HU.blood },
  { tube: { from: [26, -28, -112], to: [46, 0, -108], r0: 10, r1: 9 }, hu: HU.blood },
  { tube: { from: [26, -28, -112], to: [-40, -4, -114], r0: 10, r1: 9 }, hu: HU.blood },
  // Superior and inferior venae cavae.
  { tube: { from: [-26, -14, -30], to: [-26, -14, -145], r0: 10, r1: 11 }, hu: HU.blood },
  { tube: { from: [-22, 30, -205], to: [-22, 42, -460], r0: 12, r1: 11 }, hu: HU.blood },
  // Oesophagus.
  { tube: { from: [4, 36, 10], to: [14, 40, -235], r0: 8, r1: 8 }, hu: HU.muscle },
];

const TRACHEA: Tube[] = [
  { from: [0, -18, 12], to: [0, -4, -88], r0: 9, r1: 9 },
  { from: [0, -4, -88], to: [-32, 0, -105], r0: 7, r1: 6 },
  { from: [0, -4, -88], to: [32, 0, -105], r0: 6.5, r1: 5.5 },
];

function addTubes(values: Float32Array, grid: AxialGrid, z: number, list: { tube: Tube; hu: number }[], mask?: (index: number) => boolean): void {
  for (const { tube, hu } of list) {
    for (const f of footprintsAt([tube], z)) paintTube(values, grid, z, f, hu, 0, mask);
  }
}

/** Blends a tube of value `hu` into the slice; with a wall, the wall gets `wallHu` and the lumen `hu`. */
function paintTube(
  values: Float32Array,
  grid: AxialGrid,
  z: number,
  f: Footprint,
  hu: number,
  wall: number,
  mask?: (index: number) => boolean,
  wallHu: number = HU.muscle,
): void {
  const c0 = Math.max(0, Math.floor((f.minX - grid.x0) / grid.spacing));
  const c1 = Math.min(grid.columns - 1, Math.ceil((f.maxX - grid.x0) / grid.spacing));
  const r0 = Math.max(0, Math.floor((f.minY - grid.y0) / grid.spacing));
  const r1 = Math.min(grid.rows - 1, Math.ceil((f.maxY - grid.y0) / grid.spacing));
  for (let row = r0; row <= r1; row++) {
    const y = grid.y0 + row * grid.spacing;
    for (let column = c0; column <= c1; column++) {
      const index = row * grid.columns + column;
      if (mask && !mask(index)) continue;
      const x = grid.x0 + column * grid.spacing;
      const inside = tubeInside(f.tube, x, y, z);
      if (inside <= -grid.spacing) continue;
      const outer = coverage(inside, grid.spacing);
      const current = values[index] as number;
      if (wall > 0) {
        const lumen = coverage(inside - wall, grid.spacing);
        const withWall = current + (wallHu - current) * outer;
        values[index] = withWall + (hu - withWall) * lumen;
      } else {
        values[index] = current + (hu - current) * outer;
      }
    }
  }
}

/** The value at one point, without vessels, airways and great vessels (painted afterwards). */
function baseValue(x: number, y: number, z: number, lung: Uint8Array, index: number): number {
  // Scanner table, under the patient.
  const tableTop = 137 + (x * x) / 4000;
  if (y > tableTop) {
    const depth = y - tableTop;
    if (Math.abs(x) > 175) return HU.air;
    if (depth < 3 || (depth > 13 && depth < 16)) return HU.tableShell;
    return depth < 16 ? HU.tableCore : HU.air;
  }
  const body = bodyShape(z);
  const inBody = ellipseInside(x, y, 0, body.cy, body.a, body.b);
  if (inBody < -1.5) return HU.air;
  const skinEdge = coverage(inBody, 1.4);
  if (inBody < 2) return HU.air + (HU.skin - HU.air) * skinEdge;
  const fatDepth = 12 + 6 * Math.abs(x / body.a);
  if (inBody < fatDepth) return HU.fat;

  let value: number = HU.muscle;
  const cavity = cavityShape(z);
  const inCavity = ellipseInside(x, y, 0, cavity.cy, cavity.a, cavity.b);
  const dome = diaphragmZ(x, y);

  if (inCavity > 0) {
    value = z > dome ? thoraxValue(x, y, z, lung, index, inCavity) : abdomenValue(x, y, z, dome);
    if (Math.abs(z - dome) < 2.5 && inCavity > 3) value = HU.muscle;
  } else {
    // Breast and pectoral fat in front, a little more fat in the flanks.
    if (y < -60 && inBody < fatDepth + 6 && Math.abs(x) > 30) value = HU.fat;
  }

  value = bones(x, y, z, value, cavity, inBody);
  return value;
}

function thoraxValue(x: number, y: number, z: number, lung: Uint8Array, index: number, inCavity: number): number {
  // Heart in its pericardial fat.
  const heart = ellipsoidInside(x, y, z, [18, -20, -158], [62, 48, 52]);
  if (heart > 0) return heart > 3 ? (heart > 12 ? HU.blood : HU.myocardium) : HU.fat;
  const side: Side = { s: x < 0 ? -1 : 1 };
  const inLung = lungInside(x, y, z, side);
  const mediastinumHalfWidth = z > -100 ? 22 : 14;
  const nearSpine = ellipseInside(x, y, 0, 76, 36, 28) > 0;
  if (inLung > 0 && Math.abs(x) > mediastinumHalfWidth && !nearSpine && heart < -4 && inCavity > 1) {
    lung[index] = 1;
    const texture = (smoothNoise(x, y, z, 7) - 0.5) * 50;
    // Dependent (posterior) lung is a little denser, as in a supine patient.
    const dependent = clamp((y - 20) / 70, 0, 1) * 45;
    const edge = coverage(Math.min(inLung, inCavity - 1), 1.4);
    return HU.fat + (HU.lung + texture + dependent - HU.fat) * edge;
  }
  // Thyroid lobes at the top, beside the trachea; neck and shoulder muscle round them.
  if (z > -28 && ellipseInside(Math.abs(x), y, 18, -20, 9, 13) > 0) return 80;
  if (z > -12 - 20 * (1 - Math.abs(x) / 130)) return HU.muscle;
  return HU.fat;
}

function abdomenValue(x: number, y: number, z: number, dome: number): number {
  if (ellipsoidInside(x, y, z, LIVER_LESION.c, [LIVER_LESION.r, LIVER_LESION.r, LIVER_LESION.r]) > 0) return LIVER_LESION.hu;
  if (ellipsoidInside(x, y, z, [-40, -45, -300], [14, 12, 25]) > 0) return HU.fluid;
  const liver = ellipsoidInside(x, y, z, [-42, 0, -258], [102, 88, 86]);
  if (liver > 0 && z < dome - 3 && x < 40) return HU.liver + (smoothNoise(x, y, z, 10, 3) - 0.5) * 10;
  if (ellipsoidInside(x, y, z, [86, 55, -255], [30, 45, 45]) > 0 && z < dome - 3) return HU.spleen;
  const stomach = ellipsoidInside(x, y, z, [52, -28, -258], [46, 38, 46]);
  if (stomach > 0 && z < dome - 3) {
    if (stomach < 3) return HU.bowelWall;
    return z > -236 ? HU.air : HU.fluid + 12;
  }
  for (const s of [-1, 1] as const) {
    const kz = s < 0 ? -342 : -328;
    const kidney = ellipsoidInside(x, y, z, [s * 72, 72, kz], [28, 22, 52]);
    if (kidney > 0) {
      if (ellipsoidInside(x, y, z, [s * 60, 64, kz], [10, 9, 22]) > 0) return HU.fat;
      return kidney > 6 ? HU.kidney - 6 : HU.kidney + 6;
    }
    // Psoas muscles, growing down the lumbar spine.
    if (z < -300) {
      const r = clamp(6 + (-300 - z) * 0.12, 6, 24);
      if (ellipseInside(x, y, s * 38, 72, r, r * 0.9) > 0) return HU.muscle;
    }
  }
  // Pancreas across the upper abdomen.
  if (tubeInside({ from: [-10, 12, -300], to: [72, 32, -288], r0: 10, r1: 8 }, x, y, z) > 0) return HU.muscle - 8;
  if (z < -320 && y < 55) return bowel(x, y, z);
  return HU.fat;
}

/** Loops of bowel: a jittered lattice of rings, each with air, fluid or mixed content. */
function bowel(x: number, y: number, z: number): number {
  const cell = 34;
  const gx = Math.floor(x / cell);
  const gy = Math.floor(y / cell);
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      const cx = (gx + dx + 0.5) * cell + (hash3(gx + dx, gy + dy, 1) - 0.5) * 14 + 6 * Math.sin(z / 23 + gx + dx);
      const cy = (gy + dy + 0.5) * cell + (hash3(gx + dx, gy + dy, 2) - 0.5) * 14 + 6 * Math.cos(z / 19 + gy + dy);
      const r = 11 + 6 * hash3(gx + dx, gy + dy, 3);
      const inside = r - Math.hypot(x - cx, y - cy);
      if (inside > 0) {
        if (inside < 2) return HU.bowelWall;
        const kind = hash3(gx + dx, gy + dy, Math.floor(z / 40));
        if (kind < 0.35) return HU.air;
        if (kind < 0.75) return HU.fluid + 10;
        return smoothNoise(x, y, z, 3, 5) > 0.55 ? HU.air : 30;
      }
    }
  }
  return HU.fat;
}

/** Bone over soft tissue: spine, ribs and costal cartilage, sternum, clavicles, scapulae. */
function bones(x: number, y: number, z: number, value: number, cavity: { a: number; b: number; cy: number }, inBody: number): number {
  const v = vertebraAt(z);
  const bodyR = v.lumbar ? 21 : 16;
  const bodyY = v.lumbar ? 66 : 74;
  const inVertebra = bodyR - Math.hypot(x, (y - bodyY) * 1.08);
  if (inVertebra > -1.5) {
    if (v.inDisc) return value + (HU.disc - value) * coverage(inVertebra, 1.4);
    return corticalBone(inVertebra, value);
  }
  const canalY = bodyY + bodyR + 10;
  const canal = Math.hypot(x, y - canalY);
  if (canal < 9) return HU.csf;
  if (!v.inDisc) {
    if (canal < 14) return corticalBone(14 - canal, value);
    if (Math.abs(x) < 4 && y > canalY + 10 && y < canalY + 38) return corticalBone(4 - Math.abs(x), value);
    // Transverse processes, angled back and out.
    const processY = canalY - 4 + 0.35 * (Math.abs(x) - 10);
    if (v.phase > 0.25 && v.phase < 0.6 && Math.abs(x) > 10 && Math.abs(x) < (v.lumbar ? 45 : 34) && Math.abs(y - processY) < 4) {
      return corticalBone(4 - Math.abs(y - processY), value);
    }
  }

  const ringA = cavity.a + 6;
  const ringB = cavity.b + 6;
  const ring = ellipseInside(x, y, 0, cavity.cy, ringA, ringB);
  if (Math.abs(ring) < 6) {
    // Each rib runs from the spine round to the front, dropping about 90 mm on the way, so a slice
    // cuts it into short oblique pieces; the last two are floating ribs.
    const phi = Math.atan2(Math.abs(x) / ringA, (y - cavity.cy) / ringB);
    for (let k = 0; k < 12; k++) {
      const zk = -14 - 22 * k;
      const end = k >= 10 ? 1.6 : 2.55;
      if (phi < 0.45 || phi > (k >= 10 ? end : 2.95)) continue;
      const t = clamp((phi - 0.45) / 2.1, 0, 1);
      const zRib = zk - 90 * Math.pow(t, 1.3);
      const dz = z - zRib;
      if (Math.abs(dz) > 7) continue;
      // An oval section: 7 mm across the wall, 12 mm high.
      const d = Math.hypot(ring / 3.5, dz / 6);
      if (d < 1.25) {
        const inside = (1 - d) * 3.5;
        if (phi > end) return value + (HU.cartilage - value) * coverage(inside, 1.4);
        return corticalBone(inside, value);
      }
    }
  }

  // Sternum (manubrium wider at the top).
  const front = cavity.cy - cavity.b;
  if (z < -32 && z > -200 && y < front - 2 && y > front - 16) {
    const half = z > -75 ? 22 : 14;
    const inside = Math.min(half - Math.abs(x), y - (front - 16), front - 2 - y);
    if (inside > -1) return corticalBone(inside, value);
  }

  // Clavicles at the top, scapulae behind the ribs.
  if (z > -26) {
    for (const s of [-1, 1] as const) {
      const inside = tubeInside({ from: [s * 16, front - 8, -16], to: [s * 128, front + 28, -6], r0: 8, r1: 8 }, x, y, z);
      if (inside > -1) return corticalBone(inside, value);
    }
  }
  if (z < -8 && z > -165 && inBody > 16 && y > cavity.cy) {
    const phi = Math.atan2(Math.abs(x) / (cavity.a + 20), (y - cavity.cy) / (cavity.b + 20));
    const width = 0.75 * (1 - (-8 - z) / 157);
    const plate = 3 - Math.abs(ellipseInside(x, y, 0, cavity.cy, cavity.a + 20, cavity.b + 20));
    if (phi > 0.55 && phi < 0.55 + width && plate > -1) return corticalBone(plate, value);
  }
  return value;
}

/** Cortex over marrow, blended at the outer edge: `inside` is the depth (mm) into the bone. */
function corticalBone(inside: number, around: number): number {
  if (inside <= -1.5) return around;
  const inner = inside > 2 ? HU.marrow : HU.cortical;
  return around + (inner - around) * coverage(inside, 1.4);
}

/**
 * One axial slice at height z (mm) on the grid: Hounsfield units, row by row, with quantum noise
 * (the same noise every time: a slice is a pure function of z).
 */
export function torsoSlice(grid: AxialGrid, z: number): Float32Array {
  trees ??= buildTrees();
  const values = new Float32Array(grid.rows * grid.columns);
  const lung = new Uint8Array(values.length);
  const radius = TORSO_FOV_MM / 2;
  for (let row = 0; row < grid.rows; row++) {
    const y = grid.y0 + row * grid.spacing;
    for (let column = 0; column < grid.columns; column++) {
      const x = grid.x0 + column * grid.spacing;
      const index = row * grid.columns + column;
      values[index] = x * x + y * y > radius * radius ? OUTSIDE_FOV_HU : baseValue(x, y, z, lung, index);
    }
  }

  const inLung = (index: number) => lung[index] === 1;
  const nearNodule = (f: Footprint) =>
    Math.hypot(
      clamp(LUNG_NODULE.x, f.minX, f.maxX) - LUNG_NODULE.x,
      clamp(LUNG_NODULE.y, f.minY, f.maxY) - LUNG_NODULE.y,
    ) < NODULE_CLEARANCE_MM && Math.abs(z - LUNG_NODULE.z) < NODULE_CLEARANCE_MM;
  for (const f of footprintsAt(trees.vessels, z)) if (!nearNodule(f)) paintTube(values, grid, z, f, HU.blood, 0, inLung);
  for (const f of footprintsAt(trees.airways, z)) if (!nearNodule(f)) paintTube(values, grid, z, f, HU.air, 1.2, inLung, HU.muscle - 10);
  addTubes(values, grid, z, CENTRAL_TUBES);
  for (const f of footprintsAt(TRACHEA, z)) paintTube(values, grid, z, f, HU.air, 2, undefined, HU.muscle - 15);

  const nodule = LUNG_NODULE;
  const r = nodule.diameterMm / 2;
  if (Math.abs(z - nodule.z) < r) {
    for (let row = 0; row < grid.rows; row++) {
      const y = grid.y0 + row * grid.spacing;
      if (Math.abs(y - nodule.y) > r + grid.spacing) continue;
      for (let column = 0; column < grid.columns; column++) {
        const x = grid.x0 + column * grid.spacing;
        const inside = r - Math.hypot(x - nodule.x, y - nodule.y, z - nodule.z);
        if (inside <= -grid.spacing) continue;
        const index = row * grid.columns + column;
        const current = values[index] as number;
        values[index] = current + (nodule.hu - current) * coverage(inside, grid.spacing);
      }
    }
  }

  const zKey = Math.round(z * 8);
  for (let index = 0; index < values.length; index++) {
    const value = values[index] as number;
    if (value <= OUTSIDE_FOV_HU) continue;
    const column = index % grid.columns;
    const row = (index - column) / grid.columns;
    values[index] = value + noise3(column, row, zKey, value < -900 ? 4 : 11);
  }
  return values;
}

/** The nodule's radius (mm) in the plane z: 0 where the slice misses it. */
export function noduleRadiusAt(z: number): number {
  const r = LUNG_NODULE.diameterMm / 2;
  const dz = z - LUNG_NODULE.z;
  return Math.abs(dz) >= r ? 0 : Math.sqrt(r * r - dz * dz);
}
