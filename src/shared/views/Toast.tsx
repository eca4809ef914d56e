import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import * as ui from './ui.css';

/** How long a toast stays (ui.md: centre, 2 s, announced). */
export const TOAST_MS = 2000;

const ToastContext = createContext<(message: string) => void>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ message: string; key: number } | null>(null);
  const show = useCallback((message: string) => setToast({ message, key: Date.now() }), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className={ui.toastLayer} aria-live="polite" role="status">
        {toast && (
          <p key={toast.key} className={ui.toast} data-testid="toast">
            {toast.message}
          </p>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): (message: string) => void {
  return useContext(ToastContext);
}
