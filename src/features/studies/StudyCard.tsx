import * as css from './studyList.css';

/** One study as every list shows it: modality, what was examined, a status, and a few facts. */
export function StudyCard(props: {
  modality: string;
  title: string;
  /** `fresh`: a report the patient waited for, arrived and not read yet. */
  status?: { text: string; ready: boolean; fresh?: boolean } | null;
  lines: readonly string[];
  thumbnailUrl?: string | null;
}) {
  return (
    <article className={css.studyCard} data-testid="study-card">
      <div className={css.row}>
        <span className={css.modality}>{props.modality}</span>
        <p className={css.bodyPart}>{props.title}</p>
        {props.status && (
          <span className={props.status.fresh ? css.reportNew : props.status.ready ? css.reportReady : css.reportPending} data-testid="study-report-status" data-fresh={props.status.fresh ?? false}>
            {props.status.text}
          </span>
        )}
      </div>
      {props.lines.filter(Boolean).map((line) => (
        <p key={line} className={css.meta}>
          {line}
        </p>
      ))}
    </article>
  );
}
