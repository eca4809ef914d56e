import type { DecodeProblem } from '../../src/features/viewer/dicom/decoded';
import type { SeedName } from './seeds';

/**
 * What the conformance corpus holds and what the viewer's decoder must make of each file.
 *
 * Three sources, none of them encoded by this project:
 * - pydicom's sample files, from Debian's python3-pydicom (MIT; some from GDCM's test data, BSD);
 * - the JPEG lossless predictor files shipped in the npm package jpeg-lossless-decoder-js (MIT);
 * - the project's phantoms (seeds.ts) converted by DCMTK and GDCM from Debian.
 * Every reference rendering is DCMTK's dcm2pnm (after GDCM's decompression for JPEG 2000, which
 * DCMTK 3.6.7 cannot read).
 */

/** Rendered: Pearson correlation with the reference at least this; refused: with this problem. */
export type Expectation = { rendered: number } | { refused: DecodeProblem };

/** A lossless file decodes to the same numbers whoever decodes it. */
export const LOSSLESS = 0.999;
/**
 * A lossy codestream decodes to slightly different numbers in another decoder (libjpeg-turbo's
 * IDCT and chroma upsampling against DCMTK's IJG, OpenJPEG against GDCM's): still the same picture.
 */
export const LOSSY = 0.99;

export interface Recipe {
  name: string;
  /** How the file was made, for the table. */
  made: string;
  /** A phantom seed, or a sample file a package installed (absolute, or relative to the repository). */
  from: { seed: SeedName } | { file: string };
  /**
   * Tool runs, in order: each is [tool, ...arguments], IN the previous file, OUT the next. A step
   * without IN edits a copy in place (dcmodify).
   */
  steps?: string[][];
  expect: Expectation;
}

const PYDICOM = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
const LJPEG = 'node_modules/jpeg-lossless-decoder-js/tests/data';

const pydicom = (file: string, expect: Expectation): Recipe =>
  ({ name: `pydicom-${file.replace(/\.dcm$/, '')}`, made: 'pydicom sample, Debian python3-pydicom', from: { file: `${PYDICOM}/${file}` }, expect });
const ljpeg = (file: string): Recipe =>
  ({ name: `ljpeg-${file.replace(/^jpeg_lossless_|\.dcm$/g, '')}`, made: 'jpeg-lossless-decoder-js sample, npm', from: { file: `${LJPEG}/${file}` }, expect: { rendered: LOSSLESS } });

const dcmconv = (option: string): string[] => ['dcmconv', option, 'IN', 'OUT'];
const gdcmconv = (...options: string[]): string[] => ['gdcmconv', ...options, '-i', 'IN', '-o', 'OUT'];
const dcmcjpeg = (...options: string[]): string[] => ['dcmcjpeg', ...options, 'IN', 'OUT'];
const dcmcjpls = (...options: string[]): string[] => ['dcmcjpls', ...options, 'IN', 'OUT'];
const dcmdjpeg = (...options: string[]): string[] => ['dcmdjpeg', ...options, 'IN', 'OUT'];
const setPhotometric = (value: string): string[] => ['dcmodify', '-nb', '-m', `(0028,0004)=${value}`, 'OUT'];

const made = (seed: SeedName, steps: string[][], name: string, expect: Expectation = { rendered: LOSSLESS }): Recipe => ({
  name,
  made: steps.map((step) => step.filter((arg) => arg !== 'IN' && arg !== 'OUT' && arg !== '-i' && arg !== '-o').join(' ')).join(' → '),
  from: { seed },
  steps,
  expect,
});

/**
 * An enhanced CT (PS3.3 A.38) from a three-frame file: the rescale and window in the shared
 * functional groups, a plane position and frame content per frame, none at the top level.
 */
const ENHANCED_CT = [
  '(5200,9229)[0].(0028,9145)[0].(0028,1052)=-1024',
  '(5200,9229)[0].(0028,9145)[0].(0028,1053)=1',
  '(5200,9229)[0].(0028,9145)[0].(0028,1054)=HU',
  '(5200,9229)[0].(0028,9132)[0].(0028,1050)=40',
  '(5200,9229)[0].(0028,9132)[0].(0028,1051)=80',
  ...[0, 1, 2].flatMap((frame) => [
    `(5200,9230)[${frame}].(0020,9113)[0].(0020,0032)=-120\\-120\\${frame * 20}`,
    `(5200,9230)[${frame}].(0020,9111)[0].(0020,9157)=1\\${frame + 1}`,
  ]),
].flatMap((path) => ['-i', path]);

export const RECIPES: readonly Recipe[] = [
  // The phantoms through DCMTK and GDCM.
  made('ctUnsigned', [dcmconv('+ti')], 'ct12-implicit'),
  made('ctUnsigned', [dcmconv('+te')], 'ct12-explicit'),
  made('ctUnsigned', [dcmconv('+tb')], 'ct12-big-endian'),
  made('ctUnsigned', [dcmconv('+td')], 'ct12-deflated-dcmtk'),
  made('ctUnsigned', [gdcmconv('--deflated')], 'ct12-deflated-gdcm'),
  made('ctUnsigned', [dcmcjpeg('+e1')], 'ct12-jpeg-lossless-sv1'),
  made('ctUnsigned', [dcmcjpeg('+el', '+sv', '6')], 'ct12-jpeg-lossless-sv6'),
  made('ctUnsigned', [gdcmconv('--jpeg')], 'ct12-jpeg-lossless-gdcm'),
  made('ctUnsigned', [dcmcjpeg('+ee')], 'ct12-jpeg-extended', { refused: 'unsupportedSyntax' }),
  made('ctUnsigned', [dcmcjpls('+el')], 'ct12-jpegls'),
  made('ctUnsigned', [dcmcjpls('+en', '+md', '2')], 'ct12-jpegls-near-lossless', { rendered: LOSSY }),
  made('ctUnsigned', [gdcmconv('--j2k')], 'ct12-j2k'),
  made('ctUnsigned', [gdcmconv('--j2k', '--lossy', '-q', '40')], 'ct12-j2k-lossy', { rendered: LOSSY }),
  made('ctUnsigned', [['dcmcrle', 'IN', 'OUT']], 'ct12-rle-dcmtk'),
  made('ctUnsigned', [gdcmconv('--rle')], 'ct12-rle-gdcm'),
  made('ctSigned', [dcmconv('+tb')], 'ct16s-big-endian'),
  made('ctSigned', [dcmcjpeg('+e1')], 'ct16s-jpeg-lossless-sv1'),
  made('ctSigned', [gdcmconv('--jpegls')], 'ct16s-jpegls-gdcm'),
  made('ctSigned', [gdcmconv('--j2k')], 'ct16s-j2k'),
  made('ctSigned', [gdcmconv('--rle')], 'ct16s-rle'),
  { ...made('ctFrames', [['dcmodify', '-nb', ...ENHANCED_CT, 'OUT']], 'enhanced-ct'), made: 'dcmodify -i (functional groups)' },
  { ...made('ctFrames', [['dcmodify', '-nb', ...ENHANCED_CT, 'OUT'], gdcmconv('--jpeg')], 'enhanced-ct-jpeg-lossless'), made: 'dcmodify -i (functional groups) → gdcmconv --jpeg' },
  made('mr', [gdcmconv('--implicit')], 'mr16-implicit'),
  made('mr', [dcmcjpeg('+el', '+sv', '1')], 'mr16-jpeg-lossless'),
  made('mr', [dcmcjpls('+el')], 'mr16-jpegls'),
  made('mr', [gdcmconv('--j2k', '--lossy', '-q', '40')], 'mr16-j2k-lossy', { rendered: LOSSY }),
  made('radiograph', [dcmconv('+te'), setPhotometric('MONOCHROME1')], 'dx12-monochrome1'),
  made('radiograph', [dcmconv('+te'), setPhotometric('MONOCHROME1'), dcmcjpls('+el')], 'dx12-monochrome1-jpegls'),
  made('radiograph', [dcmcjpeg('+el', '+sv', '7')], 'dx12-jpeg-lossless-sv7'),
  made('grey8', [dcmcjpeg('+eb')], 'grey8-jpeg-baseline', { rendered: LOSSY }),
  made('grey8', [dcmcjpeg('+ee')], 'grey8-jpeg-extended', { rendered: LOSSY }),
  made('grey8', [['dcmcrle', 'IN', 'OUT']], 'grey8-rle'),
  made('grey8', [gdcmconv('--j2k')], 'grey8-j2k'),
  made('ultrasound', [dcmconv('+te')], 'rgb-multiframe'),
  made('ultrasound', [gdcmconv('--raw', '--planar-configuration', '1')], 'rgb-planar1'),
  made('ultrasound', [dcmconv('+tb')], 'rgb-big-endian'),
  made('ultrasound', [gdcmconv('--deflated')], 'rgb-deflated'),
  made('ultrasound', [dcmcjpeg('+eb')], 'rgb-jpeg-baseline-422', { rendered: LOSSY }),
  made('ultrasound', [dcmcjpeg('+eb', '+s4')], 'rgb-jpeg-baseline-444', { rendered: LOSSY }),
  made('ultrasound', [dcmcjpeg('+eb', '+cr')], 'rgb-jpeg-baseline-rgb', { rendered: LOSSY }),
  made('ultrasound', [dcmcjpeg('+e1')], 'rgb-jpeg-lossless'),
  made('ultrasound', [dcmcjpls('+el')], 'rgb-jpegls'),
  made('ultrasound', [dcmcjpls('+en')], 'rgb-jpegls-near-lossless', { rendered: LOSSY }),
  made('ultrasound', [gdcmconv('--j2k')], 'rgb-j2k'),
  made('ultrasound', [gdcmconv('--j2k', '--lossy', '-q', '40')], 'rgb-j2k-lossy', { rendered: LOSSY }),
  made('ultrasound', [['dcmcrle', 'IN', 'OUT']], 'rgb-rle'),
  made('ultrasound', [dcmcjpeg('+eb', '+s4'), dcmdjpeg('+cn', '+px')], 'ybr-full'),
  made('ultrasound', [dcmcjpeg('+eb', '+s4'), dcmdjpeg('+cn', '+pl')], 'ybr-full-planar1'),
  made('ultrasound', [['dcmquant', '+pc', '256', 'IN', 'OUT']], 'palette-8bit-lut'),
  made('ultrasound', [['dcmquant', '+pc', '256', '+pe', 'IN', 'OUT']], 'palette-16bit-lut'),
  made('ultrasound', [['dcmquant', '+pc', '1024', 'IN', 'OUT']], 'palette-16bit-index'),
  made('ultrasound', [['dcmj2pnm', '+F', '1', '+obt', 'IN', 'OUT'], ['img2dcm', '-i', 'BMP', 'IN', 'OUT']], 'img2dcm-bmp'),
  made('ultrasound', [['dcmj2pnm', '+F', '1', '+oj', 'IN', 'OUT'], ['img2dcm', '-i', 'JPEG', 'IN', 'OUT']], 'img2dcm-jpeg', { rendered: LOSSY }),
  // Sample files as their authors wrote them.
  pydicom('CT_small.dcm', { rendered: LOSSLESS }),
  pydicom('MR_small_implicit.dcm', { rendered: LOSSLESS }),
  pydicom('MR_small_bigendian.dcm', { rendered: LOSSLESS }),
  pydicom('MR_small_RLE.dcm', { rendered: LOSSLESS }),
  pydicom('MR_small_jp2klossless.dcm', { rendered: LOSSLESS }),
  pydicom('MR_small_jpeg_ls_lossless.dcm', { rendered: LOSSLESS }),
  pydicom('JPEG2000.dcm', { rendered: LOSSY }),
  pydicom('693_J2KI.dcm', { rendered: LOSSY }),
  pydicom('J2K_pixelrep_mismatch.dcm', { rendered: LOSSLESS }),
  pydicom('JPGExtended.dcm', { refused: 'unsupportedSyntax' }),
  pydicom('MR_truncated.dcm', { refused: 'truncated' }),
  pydicom('image_dfl.dcm', { rendered: LOSSLESS }),
  // A 1-bit segmentation and a 32-bit dose grid: legal DICOM, not pictures this viewer reads.
  pydicom('liver_1frame.dcm', { refused: 'unsupportedPixels' }),
  pydicom('ExplVR_BigEnd.dcm', { rendered: LOSSLESS }),
  pydicom('GDCMJ2K_TextGBR.dcm', { rendered: LOSSLESS }),
  pydicom('SC_rgb_gdcm_KY.dcm', { rendered: LOSSY }),
  pydicom('SC_jpeg_no_color_transform.dcm', { rendered: LOSSY }),
  pydicom('SC_rgb_dcmtk_+eb+cr.dcm', { rendered: LOSSY }),
  pydicom('SC_rgb_dcmtk_+eb+cy+s4.dcm', { rendered: LOSSY }),
  pydicom('SC_rgb_dcmtk_+eb+cy+s2.dcm', { rendered: LOSSY }),
  pydicom('SC_rgb_rle.dcm', { rendered: LOSSLESS }),
  pydicom('SC_rgb_rle_16bit.dcm', { rendered: LOSSLESS }),
  pydicom('SC_rgb_rle_2frame.dcm', { rendered: LOSSLESS }),
  pydicom('SC_rgb_small_odd.dcm', { rendered: LOSSLESS }),
  pydicom('SC_ybr_full_422_uncompressed.dcm', { rendered: LOSSLESS }),
  pydicom('rtdose.dcm', { refused: 'unsupportedPixels' }), // 32-bit, 15 frames
  ljpeg('jpeg_lossless_sel1.dcm'),
  ljpeg('jpeg_lossless_sel2.dcm'),
  ljpeg('jpeg_lossless_sel3.dcm'),
  ljpeg('jpeg_lossless_sel4.dcm'),
  ljpeg('jpeg_lossless_sel5.dcm'),
  ljpeg('jpeg_lossless_sel6.dcm'),
  ljpeg('jpeg_lossless_sel7.dcm'),
  ljpeg('jpeg_lossless_sel1-8bit.dcm'),
  ljpeg('jpeg_lossless_sel1-rgb.dcm'),
];

export type Runtime = 'node' | 'chromium';

/** A file the decoder does not yet show as it should: why, and where it fails. */
export interface KnownFailure {
  why: string;
  in: readonly Runtime[];
}

/**
 * The ONE place for a known gap (none today). The tests expect these to fail where listed, so a
 * file that starts passing fails the run until its line goes.
 */
export const EXPECTED_TO_FAIL: Readonly<Record<string, KnownFailure>> = {};
