import { z } from 'zod';

/** The list response of spec section 3. */
export interface Page<T> {
  rows: T[];
  totals: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/** Spec section 9: list page size 8. */
export const DEFAULT_PAGE_LENGTH = 8;
export const MAX_PAGE_LENGTH = 100;
const MAX_PAGE_INDEX = 100_000;

function wholeNumber(name: string, max: number) {
  const error = `${name} must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error });
}

/** `pageIndex` is 1-based. */
export const pageQuerySchema = z.object({
  pageIndex: wholeNumber('pageIndex', MAX_PAGE_INDEX).default(1),
  pageLength: wholeNumber('pageLength', MAX_PAGE_LENGTH).default(DEFAULT_PAGE_LENGTH),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageWindow({ pageIndex, pageLength }: PageQuery): PageWindow {
  return { limit: pageLength, offset: (pageIndex - 1) * pageLength };
}
