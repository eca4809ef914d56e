import type {} from '@fastify/multipart';
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
 * Reads a multipart/form-data body whole, under the limits @fastify/multipart was registered with
 * in the route's plugin. A body that breaks a limit (a file too large, too many files, parts or
 * fields) or is not well-formed multipart is the route's business refusal, never a 500: the
 * caller says which (`refused`).
 */
export async function readMultipartForm(request: FastifyRequest, refused: () => ApiError): Promise<MultipartForm> {
  const fields = new Map<string, FormField>();
  const files: FormFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files.push({ fieldname: part.fieldname, bytes: await part.toBuffer() });
      } else if (!fields.has(part.fieldname)) {
        fields.set(part.fieldname, { value: String(part.value), truncated: part.valueTruncated });
      }
    }
  } catch (error) {
    request.log.info({ err: error }, 'multipart body refused');
    throw refused();
  }
  return { fields, files };
}
