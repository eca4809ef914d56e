import type {} from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ApiError } from './envelope';

/** One text part as it came. `truncated`: longer than the plugin's fieldSize limit. */
export interface FormField {
  value: string;
  truncated: boolean;
}

/** One file part, read whole. */
export interface FormFile {
  fieldname: string;
  bytes: Buffer;
}

export interface MultipartForm {
  /** The first value of each text part. */
  fields: ReadonlyMap<string, FormField>;
  /** Every file part, in the order sent. */
  files: FormFile[];
}

/**
 * Why a body was refused: the whole of it larger than the route takes (said by its Content-Length,
 * or counted as it came), one file larger than the plugin's fileSize, more files than its `files`,
 * or not well-formed multipart (or over another of the plugin's limits).
 */
export type MultipartProblem = 'bodyTooLarge' | 'fileTooLarge' | 'tooManyFiles' | 'malformed';

class Refused extends Error {
  constructor(readonly problem: MultipartProblem) {
    super(`multipart body refused: ${problem}`);
  }
}

/**
 * After a refusal, what is still coming of a body that did not say its length, or said one over
 * the limit, is read and thrown away for at most this long and this much more: time for the
 * client to read the answer (a connection closed on bytes still arriving is reset, and the answer
 * with it), then the connection ends.
 */
export const LINGER = { ms: 2_000, bytes: 8 * 1024 * 1024 } as const;

/**
 * A refusal that comes before the whole body was read. Nothing more of the body is kept: the rest
 * is read and thrown away, so that a client, which may only read the answer once it has sent
 * everything, gets it. A body that said its length within `maxBodyBytes` is read to its end and
 * the connection serves the next request; any other is given LINGER, then cut off.
 */
export function refusing(request: FastifyRequest, error: ApiError, maxBodyBytes: number): ApiError {
  const raw = request.raw;
  raw.unpipe();
  if (raw.complete) return error;
  if (Number(request.headers['content-length']) <= maxBodyBytes) {
    raw.on('data', () => {});
  } else {
    const cutOff = () => raw.socket.destroy();
    const timer = setTimeout(cutOff, LINGER.ms).unref();
    // A client that ends its body in time keeps its connection.
    raw.once('end', () => clearTimeout(timer));
    let more = 0;
    raw.on('data', (chunk: Buffer) => {
      more += chunk.length;
      if (more > LINGER.bytes) cutOff();
    });
  }
  raw.resume();
  return error;
}

const PLUGIN_PROBLEMS: Readonly<Record<string, MultipartProblem>> = {
  FST_REQ_FILE_TOO_LARGE: 'fileTooLarge',
  FST_FILES_LIMIT: 'tooManyFiles',
};

/** A file part chunk by chunk, stopped at the first chunk past the plugin's fileSize (nothing more of it is read). */
async function readFile(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (part.file.truncated) throw new Refused('fileTooLarge');
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new Refused('fileTooLarge');
  return Buffer.concat(chunks);
}

/**
 * Reads a multipart/form-data body under the limits @fastify/multipart was registered with in the
 * route's plugin, and at most `maxBodyBytes` in all. A body that breaks a limit is the route's
 * business refusal (`refused` says which), never a 500, and is cut off where it breaks it: a
 * Content-Length over the limit before a byte is read, and otherwise at the chunk that goes over
 * (the bytes are counted as they arrive, whatever part they are in: preamble, text, files or
 * epilogue); see `refusing` for what becomes of the rest.
 */
export async function readMultipartForm(request: FastifyRequest, refused: (problem: MultipartProblem) => ApiError, limits: { maxBodyBytes: number }): Promise<MultipartForm> {
  const declared = Number(request.headers['content-length']);
  if (declared > limits.maxBodyBytes) throw refusing(request, refused('bodyTooLarge'), limits.maxBodyBytes);

  const fields = new Map<string, FormField>();
  const files: FormFile[] = [];
  const raw = request.raw;
  let tooLarge!: (error: Refused) => void;
  const overflow = new Promise<never>((_, reject) => (tooLarge = reject));
  overflow.catch(() => {});
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limits.maxBodyBytes) return;
    // The pending read is abandoned for the refusal.
    tooLarge(new Refused('bodyTooLarge'));
  };
  const within = <T>(step: Promise<T>) => Promise.race([step, overflow]);
  try {
    const parts = request.parts()[Symbol.asyncIterator]();
    // The first step pipes the body into the parser; counting starts with it.
    const first = parts.next();
    raw.on('data', count);
    for (let next = await within(first); !next.done; next = await within(parts.next())) {
      const part = next.value;
      if (part.type === 'file') {
        files.push({ fieldname: part.fieldname, bytes: await within(readFile(part)) });
      } else if (!fields.has(part.fieldname)) {
        fields.set(part.fieldname, { value: String(part.value), truncated: part.valueTruncated });
      }
    }
  } catch (error) {
    request.log.info({ err: error }, 'multipart body refused');
    const code = (error as { code?: unknown }).code;
    const problem = error instanceof Refused ? error.problem : (typeof code === 'string' && PLUGIN_PROBLEMS[code]) || 'malformed';
    throw refusing(request, refused(problem), limits.maxBodyBytes);
  } finally {
    raw.off('data', count);
  }
  return { fields, files };
}
