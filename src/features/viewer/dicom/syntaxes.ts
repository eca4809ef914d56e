/** The transfer syntaxes the decoder reads (PS3.5 10, PS3.6 A), by UID. */
export const SYNTAX = {
  implicitLittle: '1.2.840.10008.1.2',
  explicitLittle: '1.2.840.10008.1.2.1',
  explicitBig: '1.2.840.10008.1.2.2',
  deflated: '1.2.840.10008.1.2.1.99',
  jpegBaseline: '1.2.840.10008.1.2.4.50',
  /** Process 2 and 4; only its 8-bit form, which libjpeg-turbo reads like baseline. */
  jpegExtended: '1.2.840.10008.1.2.4.51',
  jpegLosslessAnyPredictor: '1.2.840.10008.1.2.4.57',
  jpegLossless: '1.2.840.10008.1.2.4.70',
  jpegLs: '1.2.840.10008.1.2.4.80',
  jpegLsNearLossless: '1.2.840.10008.1.2.4.81',
  jpeg2000Lossless: '1.2.840.10008.1.2.4.90',
  jpeg2000: '1.2.840.10008.1.2.4.91',
  rle: '1.2.840.10008.1.2.5',
} as const;

/** Which codec decodes a compressed syntax's frames. */
export type CodecName = 'jpegBaseline' | 'jpegLossless' | 'jpegLs' | 'jpeg2000' | 'rle';

export const NATIVE_SYNTAXES: ReadonlySet<string> = new Set([SYNTAX.implicitLittle, SYNTAX.explicitLittle, SYNTAX.explicitBig, SYNTAX.deflated]);

export const CODEC_OF_SYNTAX: Readonly<Record<string, CodecName>> = {
  [SYNTAX.jpegBaseline]: 'jpegBaseline',
  [SYNTAX.jpegExtended]: 'jpegBaseline',
  [SYNTAX.jpegLosslessAnyPredictor]: 'jpegLossless',
  [SYNTAX.jpegLossless]: 'jpegLossless',
  [SYNTAX.jpegLs]: 'jpegLs',
  [SYNTAX.jpegLsNearLossless]: 'jpegLs',
  [SYNTAX.jpeg2000Lossless]: 'jpeg2000',
  [SYNTAX.jpeg2000]: 'jpeg2000',
  [SYNTAX.rle]: 'rle',
};

export function isSupportedSyntax(uid: string): boolean {
  return NATIVE_SYNTAXES.has(uid) || uid in CODEC_OF_SYNTAX;
}
