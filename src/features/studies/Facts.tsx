import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import * as css from './filmDetail.css';

/** Named facts about a study, as a definition list; a fact without a value is left out. */
export type Fact = [label: MessageKey, value: string | null | undefined];

export function Facts({ facts }: { facts: readonly Fact[] }) {
  const { t } = useI18n();
  return (
    <dl className={css.facts}>
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className={css.factLine}>
            <dt className={css.factName}>{t(label)}</dt>
            <dd className={css.factValue}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
