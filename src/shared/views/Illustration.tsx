import * as ui from './ui.css';

/** Calm line drawings (no photos, no red alarm) for status pages; decorative, hidden from readers. */
export type IllustrationKind = 'error' | 'stop' | 'empty' | 'offline';

export function Illustration({ kind }: { kind: IllustrationKind }) {
  return (
    <svg className={ui.illustration} viewBox="0 0 200 140" aria-hidden="true" data-illustration={kind}>
      <ellipse cx="100" cy="126" rx="70" ry="8" fill="#E5E7EB" />
      <rect x="50" y="20" width="100" height="90" rx="10" fill="#FFFFFF" stroke="#CBD5E1" strokeWidth="3" />
      <rect x="50" y="20" width="100" height="18" rx="9" fill="#E2E8F0" />
      {kind === 'error' && <path d="M88 62l24 24M112 62L88 86" stroke="#94A3B8" strokeWidth="6" strokeLinecap="round" />}
      {kind === 'offline' && <path d="M78 70q22-18 44 0M86 80q14-10 28 0M100 92h0" stroke="#94A3B8" strokeWidth="6" strokeLinecap="round" fill="none" />}
      {kind === 'stop' && <><circle cx="100" cy="74" r="20" fill="none" stroke="#94A3B8" strokeWidth="6" /><path d="M86 88l28-28" stroke="#94A3B8" strokeWidth="6" /></>}
      {kind === 'empty' && <path d="M74 62h52M74 76h40M74 90h28" stroke="#CBD5E1" strokeWidth="6" strokeLinecap="round" />}
    </svg>
  );
}
