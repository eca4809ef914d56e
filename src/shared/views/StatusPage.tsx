import type { ReactNode } from 'react';
import { Illustration, type IllustrationKind } from './Illustration';
import * as ui from './ui.css';

/** The one layout for pages that explain a situation: picture, heading, text, next steps. */
export function StatusPage(props: {
  illustration: IllustrationKind;
  heading: string;
  code?: string | null;
  text?: string;
  actions?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section className={ui.statusPage} data-testid={props.testId}>
      <Illustration kind={props.illustration} />
      <h2 className={ui.statusHeading}>{props.heading}</h2>
      {props.code && <p className={ui.statusCode} data-testid="status-code">{props.code}</p>}
      {props.text && <p className={ui.statusText} data-testid="status-text">{props.text}</p>}
      {props.actions && <div className={ui.actions}>{props.actions}</div>}
      {props.children}
    </section>
  );
}
