import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { bagCodeOf, bagCollectHref } from '../navigation/bagCode';
import { useServices } from '../services';

/** Why the dialog to type a code is open: no scanner here, the scanner failed, or what came was no bag's code. */
export type ScanProblem = 'scannerFailed' | 'notBag' | 'empty';

/**
 * "Scan the film bag" (issue 14, scanner): inside WeChat the port's scanner; elsewhere, or when the
 * scanner fails, a dialog to type the code. What was scanned or typed goes to the collect form for
 * that bag (`/index?code=`) when it is a bag's code, else the dialog says it is not one.
 */
export function useScanEntry() {
  const { wechat } = useServices();
  const navigate = useNavigate();
  const [isScanning, setScanning] = useState(false);
  const [isTyping, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<ScanProblem | null>(null);

  const take = useCallback(
    (text: string) => {
      const code = bagCodeOf(text, window.location.origin);
      if (!code) {
        setProblem(text.trim() ? 'notBag' : 'empty');
        setTyping(true);
        return;
      }
      setTyping(false);
      setProblem(null);
      void navigate(bagCollectHref(code));
    },
    [navigate],
  );

  const scan = useCallback(async () => {
    setScanning(true);
    const result = await wechat.scanCode();
    setScanning(false);
    if (result.kind === 'scanned') return take(result.text);
    if (result.kind === 'cancelled') return;
    setTyped('');
    setProblem(result.kind === 'failed' ? 'scannerFailed' : null);
    setTyping(true);
  }, [wechat, take]);

  return useMemo(
    () => ({
      isScanning,
      isTyping,
      typed,
      problem,
      scan: () => void scan(),
      type: (value: string) => {
        setTyped(value);
        if (problem !== 'scannerFailed') setProblem(null);
      },
      submit: () => take(typed),
      close: () => {
        setTyping(false);
        setProblem(null);
      },
    }),
    [isScanning, isTyping, typed, problem, scan, take],
  );
}
export type ScanEntryView = ReturnType<typeof useScanEntry>;
