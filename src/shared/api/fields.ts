import * as z from 'zod/mini';

/** Field shapes every answer schema uses; a leaf module, so schema files can import it in any order. */

/** An id the server sends as a string or a number, read as a string. */
export const serverId = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** An amount in yuan, never negative. */
export const yuan = z.number().check(z.nonnegative());
