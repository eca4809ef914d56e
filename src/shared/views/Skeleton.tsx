import * as ui from './ui.css';

/** Placeholder cards shaped like the content to come, so nothing jumps when it arrives. */
export function SkeletonList({ count = 3, label }: { count?: number; label: string }) {
  return (
    <ul className={ui.list} aria-busy="true" aria-label={label} data-testid="skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={ui.card}>
          <div className={ui.skeletonLine} style={{ width: '40%' }} />
          <div className={ui.skeletonLine} style={{ width: '85%' }} />
          <div className={ui.skeletonLine} style={{ width: '60%', marginBottom: 0 }} />
        </li>
      ))}
    </ul>
  );
}
