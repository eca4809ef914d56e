import * as css from './uploadProgress.css';

/** How much of an upload has gone (the avatar, a feedback's images): a bar in whole per cent, and the same in words. */
export function UploadProgress(props: { percent: number; label: string; text: string; testId: string }) {
  return (
    <div className={css.progress} data-testid={props.testId}>
      <div className={css.track} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={props.percent} aria-label={props.label}>
        <div className={css.bar} style={{ width: `${props.percent}%` }} />
      </div>
      <p className={css.text}>{props.text}</p>
    </div>
  );
}
