import { useCallback, useMemo, useReducer } from 'react';
import { useNavigate } from 'react-router-dom';
import { bagCodeOf, bagCollectHref } from '../navigation/bagCode';
import { useServices } from '../services';
import { SCAN_ENTRY_START, scanEntryReducer } from './scanEntry';


/**
 * "Scan the film bag" (issue 14, scanner): inside WeChat the port's scanner; elsewhere, or when the
 * scanner fails, a dialog to type the code. What was scanned or typed goes to the collect form for
 * that bag (`/index?code=`) when it is a bag's code, else the dialog says it is not one. The
 * transitions are `scanEntryReducer`'s; this hook runs the scanner and the navigation.
 */
export function useScanEntry() {
  const { wechat } = useServices();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(scanEntryReducer, SCAN_ENTRY_START);

  const take = useCallback(
    (text: string) => {
      const code = bagCodeOf(text, window.location.origin);
      dispatch({ type: 'taken', text, isBagCode: Boolean(code) });
      if (code) void navigate(bagCollectHref(code));
    },
    [navigate],
  );

  const scan = useCallback(async () => {
    dispatch({ type: 'scanStarted' });
    const result = await wechat.scanCode();
    dispatch({ type: 'scanEnded', outcome: result.kind });
    if (result.kind === 'scanned') take(result.text);
  }, [wechat, take]);

  return useMemo(
    () => ({
      ...state,
      scan: () => void scan(),
      type: (value: string) => dispatch({ type: 'typed', value }),
      submit: () => take(state.typed),
      close: () => dispatch({ type: 'closed' }),
    }),
    [state, scan, take],
  );
}
export type ScanEntryView = ReturnType<typeof useScanEntry>;
