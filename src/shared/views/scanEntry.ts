/** Why the dialog to type a code is open: no scanner here, the scanner failed, or what came was no bag's code. */
export type ScanProblem = 'scannerFailed' | 'notBag' | 'empty';

/** "Scan the film bag": the scanner under way, the dialog to type a code, what is typed in it, and why it is open. */
export interface ScanEntryState {
  isScanning: boolean;
  isTyping: boolean;
  typed: string;
  problem: ScanProblem | null;
}

export type ScanEntryEvent =
  | { type: 'scanStarted' }
  /** The scanner answered; a scanned text is `taken` next. */
  | { type: 'scanEnded'; outcome: 'scanned' | 'cancelled' | 'failed' | 'unavailable' }
  /** A scanned or typed text was looked at: a bag's code goes to the collect form, anything else is said. */
  | { type: 'taken'; text: string; isBagCode: boolean }
  | { type: 'typed'; value: string }
  | { type: 'closed' };

export const SCAN_ENTRY_START: ScanEntryState = { isScanning: false, isTyping: false, typed: '', problem: null };

/** The transitions of the scan entry, one per event. */
export function scanEntryReducer(state: ScanEntryState, event: ScanEntryEvent): ScanEntryState {
  switch (event.type) {
    case 'scanStarted':
      return { ...state, isScanning: true };
    case 'scanEnded':
      if (event.outcome === 'scanned' || event.outcome === 'cancelled') return { ...state, isScanning: false };
      // No scanner here, or it failed: type the code instead, from an empty field.
      return { isScanning: false, isTyping: true, typed: '', problem: event.outcome === 'failed' ? 'scannerFailed' : null };
    case 'taken':
      if (event.isBagCode) return { ...state, isTyping: false, problem: null };
      return { ...state, isTyping: true, problem: event.text.trim() ? 'notBag' : 'empty' };
    case 'typed':
      // "The scanner failed" stays while typing; a problem with what was typed goes once it changes.
      return { ...state, typed: event.value, problem: state.problem === 'scannerFailed' ? state.problem : null };
    case 'closed':
      return { ...state, isTyping: false, problem: null };
  }
}
