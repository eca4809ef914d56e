import * as css from './personal.css';

/** The patient's avatar, or a plain figure when there is none. */
export function Avatar(props: { src: string | null | undefined; large?: boolean; testId: string }) {
  if (props.src) return <img className={props.large ? css.avatarLarge : css.avatar} src={props.src} alt="" data-testid={props.testId} data-default="false" />;
  return (
    <span className={props.large ? css.avatarDefaultLarge : css.avatarDefault} data-testid={props.testId} data-default="true" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="60%" height="60%" fill="currentColor" aria-hidden="true">
        <circle cx="12" cy="8" r="4.5" />
        <path d="M3.5 21c0-4.4 3.8-7.5 8.5-7.5s8.5 3.1 8.5 7.5z" />
      </svg>
    </span>
  );
}
