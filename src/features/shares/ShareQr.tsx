import { useMemo } from 'react';
import { encode } from 'uqr';
import * as css from './shares.css';

/** The modules of a QR code as one SVG path: a square per dark module. */
function qrPath(text: string): { size: number; path: string } {
  const qr = encode(text, { ecc: 'M', border: 2 });
  const parts: string[] = [];
  qr.data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)));
  return { size: qr.size, path: parts.join('') };
}

/** A QR code of the share link, to scan from another phone; its label says what it opens. */
export function ShareQr({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className={css.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-text={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
