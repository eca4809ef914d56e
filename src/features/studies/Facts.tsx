import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import * as css from './filmDetail.css';

/**
 * Named facts about a study, as a definition list; a fact without a value is left out. A fact whose
 * value is on its way (`PENDING`) holds its line with a placeholder, so nothing below it moves
 * when the value arrives.
 */
export const PENDING = { pending: true } as const;
export type Fact = [label: MessageKey, value: string | typeof PENDING | null | undefined];

export function Facts({ facts }: { facts: readonly Fact[] }) {
  const { t } = useI18n();
  return (
    <dl className={css.facts}>
      {facts
        .filter((fact): fact is [MessageKey, string | typeof PENDING] => Boolean(fact[1]))
        .map(([label, value]) => (
          <div key={label} className={css.factLine}>
            <dt className={css.factName}>{t(label)}</dt>
            <dd className={css.factValue}>{typeof value === 'string' ? value : <span className={css.pendingValue} aria-hidden="true" />}</dd>
          </div>
        ))}
    </dl>
  );
}
