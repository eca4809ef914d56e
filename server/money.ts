/** Fen (the integer the database keeps) to yuan (what the API answers). */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}
