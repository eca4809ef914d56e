/**
 * A stand-in CT series for the viewer bench when the sandbox serves none: `count` slices of
 * `size`×`size` signed 16-bit values in explicit VR little endian, a body-like ellipse with lungs
 * and a spine that move from slice to slice (so each slice draws differently).
 */
const EXPLICIT_LE = '1.2.840.10008.1.2.1';
const CT_IMAGE = '1.2.840.10008.5.1.4.1.1.2';
const ROOT = '2.25.4242';

/** VRs whose length is 4 bytes after two reserved ones (PS3.5 7.1.2). */
const LONG_VRS = new Set(['OB', 'OW', 'OF', 'SQ', 'UT', 'UN']);

function element(group: number, tag: number, vr: string, value: string | Uint8Array | number[]): Uint8Array {
  let body: Uint8Array;
  if (typeof value === 'string') {
    const padded = value.length % 2 ? value + (vr === 'UI' ? '\0' : ' ') : value;
    body = new TextEncoder().encode(padded);
  } else if (Array.isArray(value)) {
    body = new Uint8Array(new Uint16Array(value).buffer);
  } else body = value;
  const long = LONG_VRS.has(vr);
  const head = new DataView(new ArrayBuffer(long ? 12 : 8));
  head.setUint16(0, group, true);
  head.setUint16(2, tag, true);
  head.setUint8(4, vr.charCodeAt(0));
  head.setUint8(5, vr.charCodeAt(1));
  if (long) head.setUint32(8, body.length, true);
  else head.setUint16(6, body.length, true);
  return concat([new Uint8Array(head.buffer), body]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function pixels(size: number, slice: number, count: number): Int16Array {
  const values = new Int16Array(size * size);
  const z = slice / count - 0.5;
  const lung = 0.28 * Math.sqrt(Math.max(0, 1 - (2 * z) ** 2));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x - size / 2) / (size / 2);
      const v = (y - size / 2) / (size / 2);
      let hu = -1000;
      if (u * u / 0.8 + v * v / 0.5 < 1) hu = 40 + ((x * 7 + y * 13 + slice * 3) % 20);
      if (((Math.abs(u) - 0.4) / lung) ** 2 + (v / (lung * 1.4)) ** 2 < 1) hu = -850;
      if (u * u + (v - 0.45) ** 2 < 0.01) hu = 700;
      values[y * size + x] = hu + 1024;
    }
  }
  return values;
}

/** One Part 10 file: slice `index` (0-based) of the series. */
export function syntheticSlice(index: number, count: number, size = 256): { sopInstanceUid: string; bytes: Uint8Array } {
  const study = `${ROOT}.1`;
  const series = `${ROOT}.2`;
  const sop = `${ROOT}.3.${index + 1}`;
  const meta = concat([
    element(0x0002, 0x0001, 'OB', new Uint8Array([0, 1])),
    element(0x0002, 0x0002, 'UI', CT_IMAGE),
    element(0x0002, 0x0003, 'UI', sop),
    element(0x0002, 0x0010, 'UI', EXPLICIT_LE),
    element(0x0002, 0x0012, 'UI', `${ROOT}.9`),
  ]);
  const groupLength = new DataView(new ArrayBuffer(4));
  groupLength.setUint32(0, meta.length, true);
  const data = pixels(size, index, count);
  const dataset = concat([
    element(0x0008, 0x0016, 'UI', CT_IMAGE),
    element(0x0008, 0x0018, 'UI', sop),
    element(0x0008, 0x0060, 'CS', 'CT'),
    element(0x0010, 0x0010, 'PN', 'BENCH^SYNTHETIC'),
    element(0x0010, 0x0020, 'LO', 'BENCH'),
    element(0x0018, 0x0050, 'DS', '1'),
    element(0x0020, 0x000d, 'UI', study),
    element(0x0020, 0x000e, 'UI', series),
    element(0x0020, 0x0011, 'IS', '1'),
    element(0x0020, 0x0013, 'IS', String(index + 1)),
    element(0x0020, 0x0032, 'DS', `-128\\-128\\${-index}`),
    element(0x0020, 0x0037, 'DS', '1\\0\\0\\0\\1\\0'),
    element(0x0020, 0x0052, 'UI', `${ROOT}.4`),
    element(0x0028, 0x0002, 'US', [1]),
    element(0x0028, 0x0004, 'CS', 'MONOCHROME2'),
    element(0x0028, 0x0010, 'US', [size]),
    element(0x0028, 0x0011, 'US', [size]),
    element(0x0028, 0x0030, 'DS', '1\\1'),
    element(0x0028, 0x0100, 'US', [16]),
    element(0x0028, 0x0101, 'US', [16]),
    element(0x0028, 0x0102, 'US', [15]),
    element(0x0028, 0x0103, 'US', [1]),
    element(0x0028, 0x1050, 'DS', '40'),
    element(0x0028, 0x1051, 'DS', '400'),
    element(0x0028, 0x1052, 'DS', '-1024'),
    element(0x0028, 0x1053, 'DS', '1'),
    element(0x7fe0, 0x0010, 'OW', new Uint8Array(data.buffer)),
  ]);
  const bytes = concat([
    new Uint8Array(128),
    new TextEncoder().encode('DICM'),
    element(0x0002, 0x0000, 'UL', new Uint8Array(groupLength.buffer)),
    meta,
    dataset,
  ]);
  return { sopInstanceUid: sop, bytes };
}
