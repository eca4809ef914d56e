/**
 * "Scan the film bag" (issue 14, scanner): inside WeChat the scanner; elsewhere, or when the
 * scanner fails, a dialog to type the code. A bag's code opens the collect form for that bag;
 * anything else is said in the dialog.
 */

/** Why the dialog to type a code is open: the scanner failed, or what came was no bag's code (or nothing). */
export type ScanProblem = 'scannerFailed' | 'notBag' | 'empty';

/**
 * What the scanner answered. The wiring reads a scanned text with the bag-code rule: `code` is the
 * bag's code in it, or null when it is none.
 */
export type ScanOutcome =
  | { kind: 'scanned'; text: string; code: string | null }
  | { kind: 'cancelled' }
  | { kind: 'failed' }
  | { kind: 'unavailable' };

export interface ScanEntryContext {
  /** What is typed in the dialog. */
  typed: string;
  problem: ScanProblem | null;
}

export type ScanEntryEvent =
  | { type: 'SCAN' }
  | { type: 'TYPE'; value: string }
  /** Go with what is typed: `code` is the bag's code in it by the bag-code rule, or null. */
  | { type: 'SUBMIT'; code: string | null }
  | { type: 'CLOSE' };
