import { describe, expect, it } from 'vitest';
import { SCAN_ENTRY_START, scanEntryReducer, type ScanEntryEvent, type ScanEntryState } from '../../src/shared/views/scanEntry';

const after = (events: ScanEntryEvent[], from: ScanEntryState = SCAN_ENTRY_START) => events.reduce(scanEntryReducer, from);
const typing = (typed: string, problem: ScanEntryState['problem']): ScanEntryState => ({ isScanning: false, isTyping: true, typed, problem });

describe('the scan entry (scanEntryReducer)', () => {
  it('starts with nothing under way and the dialog shut', () => {
    expect(SCAN_ENTRY_START).toEqual({ isScanning: false, isTyping: false, typed: '', problem: null });
  });

  it('is scanning from the tap until the scanner answers; a cancelled scan leaves everything else as it was', () => {
    expect(after([{ type: 'scanStarted' }])).toMatchObject({ isScanning: true, isTyping: false });
    expect(after([{ type: 'scanStarted' }, { type: 'scanEnded', outcome: 'cancelled' }])).toEqual(SCAN_ENTRY_START);
  });

  it('with no scanner opens the dialog on an empty field, saying nothing; a failed scanner says it failed', () => {
    const typedBefore = { ...SCAN_ENTRY_START, typed: 'CT2026' };
    expect(after([{ type: 'scanStarted' }, { type: 'scanEnded', outcome: 'unavailable' }], typedBefore)).toEqual(typing('', null));
    expect(after([{ type: 'scanStarted' }, { type: 'scanEnded', outcome: 'failed' }], typedBefore)).toEqual(typing('', 'scannerFailed'));
  });

  it("a bag's code shuts the dialog and forgets its problem; anything else opens it and says why", () => {
    expect(after([{ type: 'taken', text: 'CT202610020001', isBagCode: true }], typing('CT202610020001', 'notBag'))).toMatchObject({ isTyping: false, problem: null });
    expect(after([{ type: 'scanEnded', outcome: 'scanned' }, { type: 'taken', text: 'https://mp.weixin.qq.com/s/abc', isBagCode: false }])).toEqual(typing('', 'notBag'));
    expect(after([{ type: 'taken', text: '  ', isBagCode: false }], typing('  ', null))).toEqual(typing('  ', 'empty'));
  });

  it('typing forgets a problem with what was typed, but not that the scanner failed', () => {
    expect(after([{ type: 'typed', value: 'CT2' }], typing('CT', 'notBag'))).toEqual(typing('CT2', null));
    expect(after([{ type: 'typed', value: 'CT2' }], typing('CT', 'scannerFailed'))).toEqual(typing('CT2', 'scannerFailed'));
  });

  it('closing shuts the dialog and forgets the problem, keeping what was typed', () => {
    expect(after([{ type: 'closed' }], typing('CT2', 'scannerFailed'))).toEqual({ isScanning: false, isTyping: false, typed: 'CT2', problem: null });
  });
});
