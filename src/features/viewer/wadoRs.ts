import { dicomWebUrl } from '../../../machines/viewer/viewer.types';
import { ArchiveError, bodyOf, type ArchiveFetch } from './archiveFetch';
import { EXPLICIT_LITTLE, frameAsPart10, needsBulkData, type DicomJson } from './dicom/dicomJson';
import { mediaTypeParameters, MultipartError, parseMultipart, type BodyPart } from './dicom/multipart';
import { sharedRequests } from './sharedRequests';

/**
 * WADO-RS retrieval (DICOM PS3.18 chapter 10) of one image: a single-frame instance whole
 * (`{instance}`, multipart/related of application/dicom), a frame of a multi-frame instance alone
 * (`{instance}/frames/{n}`, its bulk pixel data, decoded with the instance's `{instance}/metadata`
 * fetched once), so the first frame draws without the whole object.
 *
 * Transfer syntax negotiation (PS3.18 8.7.3): ask first for the syntax as stored
 * (`transfer-syntax=*`), which the decoder reads in most cases; when the archive answers 400 or
 * 406 to that, or sends a syntax the decoder does not read, ask for explicit VR little endian,
 * which every archive must give. The syntax of what came is the one its part says it is.
 *
 * A multi-frame instance whose metadata gives a value the image needs only by reference (a palette's
 * lookup tables, which Orthanc sends as BulkDataURI) is retrieved whole instead: a frame alone
 * could not be drawn with what the metadata holds.
 */

export type AskedSyntax = '*' | typeof EXPLICIT_LITTLE;
export const SYNTAXES_TO_ASK: readonly AskedSyntax[] = ['*', EXPLICIT_LITTLE];

/** Answers that mean "not in that transfer syntax": ask for another. */
const NOT_THAT_SYNTAX = (status: number) => status === 400 || status === 406;
/**
 * A frame asked as stored: Orthanc 1.10 answers 500, not 406, for the frames of a big endian or
 * deflated instance; asked in explicit VR little endian it sends them.
 */
const FRAME_NOT_AS_STORED = (status: number) => NOT_THAT_SYNTAX(status) || status === 500;

/** What a frame's media type says when its part names no transfer syntax (PS3.18 table 8.7.3-2). */
const SYNTAX_OF_MEDIA_TYPE: Record<string, string> = {
  'application/octet-stream': EXPLICIT_LITTLE,
  'image/jpeg': '1.2.840.10008.1.2.4.50',
  'image/jls': '1.2.840.10008.1.2.4.80',
  'image/jp2': '1.2.840.10008.1.2.4.90',
  'image/jpx': '1.2.840.10008.1.2.4.92',
  'image/dicom-rle': '1.2.840.10008.1.2.5',
  'image/x-dicom-rle': '1.2.840.10008.1.2.5',
};

/** Metadata of the last few multi-frame instances, shared by their frames. */
const KEPT_METADATA = 4;

/** The first part of a multipart answer (an archive that sends one bare part is read too). */
async function firstPart(response: Response, signal: AbortSignal): Promise<{ part: BodyPart; answerType: string }> {
  const answerType = response.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await bodyOf(response, signal));
  if (!mediaTypeParameters(answerType).type.startsWith('multipart/')) return { part: { headers: { 'content-type': answerType }, body: bytes }, answerType };
  let parts: BodyPart[];
  try {
    parts = parseMultipart(bytes, answerType);
  } catch (error) {
    if (error instanceof MultipartError) throw new ArchiveError('corrupt');
    throw error;
  }
  const [part] = parts;
  if (!part) throw new ArchiveError('missingFrame');
  return { part, answerType };
}

export function wadoRsRetriever(archiveFetch: ArchiveFetch) {
  const metadata = sharedRequests<DicomJson>(KEPT_METADATA);

  async function fetchMetadata(instance: string, signal: AbortSignal): Promise<DicomJson> {
    const response = await archiveFetch(dicomWebUrl(instance, 'metadata'), 'application/dicom+json', signal);
    const body: unknown = await response.json().catch(() => null);
    const first = Array.isArray(body) ? (body[0] as unknown) : null;
    if (!first || typeof first !== 'object') throw new ArchiveError('corrupt');
    return first as DicomJson;
  }

  /** The instance's metadata, fetched once for all its frames. */
  function metadataOf(instance: string, signal: AbortSignal): Promise<DicomJson> {
    return metadata(instance, (shared) => fetchMetadata(instance, shared), signal);
  }

  /** The instance whole, as a Part 10 file; null when the archive will not give it in that syntax. */
  async function wholeInstance(instance: string, syntax: AskedSyntax, signal: AbortSignal): Promise<ArrayBuffer | null> {
    const response = await archiveFetch(instance, `multipart/related; type="application/dicom"; transfer-syntax=${syntax}`, signal, NOT_THAT_SYNTAX);
    if (!response.ok) return null;
    const { part } = await firstPart(response, signal);
    return part.body.buffer.slice(part.body.byteOffset, part.body.byteOffset + part.body.byteLength) as ArrayBuffer;
  }

  return {
    /**
     * The image as a Part 10 file and the index of its frame in it, in the syntax asked for;
     * null when the archive will not give that syntax (ask for the next).
     */
    async retrieve(instance: string, frame: number, frames: number, syntax: AskedSyntax, signal: AbortSignal): Promise<{ part10: ArrayBuffer; frameIndex: number } | null> {
      const whole = async (frameIndex: number) => {
        const part10 = await wholeInstance(instance, syntax, signal);
        return part10 && { part10, frameIndex };
      };
      if (frames <= 1) return whole(0);
      const described = await metadataOf(instance, signal);
      if (needsBulkData(described)) return whole(frame - 1);
      const asked = syntax === '*' ? FRAME_NOT_AS_STORED : NOT_THAT_SYNTAX;
      const response = await archiveFetch(dicomWebUrl(instance, 'frames', String(frame)), `multipart/related; type="application/octet-stream"; transfer-syntax=${syntax}`, signal, asked);
      if (!response.ok) return null;
      const { part, answerType } = await firstPart(response, signal);
      const partType = mediaTypeParameters(part.headers['content-type'] ?? '');
      const named = [partType.parameters['transfer-syntax'], mediaTypeParameters(answerType).parameters['transfer-syntax']].find((uid) => uid && uid !== '*');
      const sent = named ?? SYNTAX_OF_MEDIA_TYPE[partType.type] ?? EXPLICIT_LITTLE;
      return { part10: frameAsPart10(described, part.body, sent, frame - 1), frameIndex: 0 };
    },
  };
}

export type WadoRsRetriever = ReturnType<typeof wadoRsRetriever>;
