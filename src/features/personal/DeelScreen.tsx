import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import * as css from './personal.css';

/** The agreement's sections, in order; each a heading and its text in the message catalogue. */
const SECTIONS: ReadonlyArray<{ heading: MessageKey; text: MessageKey }> = [
  { heading: 'deel.serviceHeading', text: 'deel.service' },
  { heading: 'deel.accountHeading', text: 'deel.account' },
  { heading: 'deel.dataHeading', text: 'deel.data' },
  { heading: 'deel.shareHeading', text: 'deel.share' },
  { heading: 'deel.payHeading', text: 'deel.pay' },
  { heading: 'deel.medicalHeading', text: 'deel.medical' },
];

/** deel (public): the user agreement, in plain words. */
export default function DeelScreen() {
  const { t } = useI18n();
  return (
    <article className={css.page} data-testid="deel">
      {SECTIONS.map((section, i) => (
        <section key={section.heading} className={css.section}>
          <h2 className={css.heading}>{`${i + 1}. ${t(section.heading)}`}</h2>
          <p className={css.text}>{t(section.text)}</p>
        </section>
      ))}
      <p className={css.hospital}>{t('deel.updated')}</p>
    </article>
  );
}
