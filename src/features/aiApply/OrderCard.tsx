import type { AiOrderInfo } from '../../shared/api/aiApplySchemas';
import { hospitalTerm } from '../../shared/i18n/glossary';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { formatYuan } from '../../shared/rules/money';
import * as css from './aiApply.css';
import { statusWords } from '../../shared/ai/aiStatusWords';

/** The order: what was applied for, its number, for which study, its status and price. */
export function OrderCard({ info }: { info: AiOrderInfo }) {
  const { t, locale } = useI18n();
  const words = statusWords(info.status);
  return (
    <section className={css.order} data-testid="ai-order" data-order-id={info.orderId}>
      <div className={css.studyHead}>
        <h2 className={css.studyTitle}>{hospitalTerm(locale, info.item)}</h2>
        <span className={css.status[words.tone]} data-testid="ai-order-status" data-status={info.status}>
          {t(words.key)}
        </span>
      </div>
      <dl className={css.facts}>
        {info.provider && (
          <>
            <dt className={css.factName}>{t('aiStatus.providerName')}</dt>
            <dd className={css.factValue}>{(locale === 'en' && info.providerEn) || info.provider}</dd>
          </>
        )}
        <dt className={css.factName}>{t('aiStatus.study')}</dt>
        <dd className={css.factValue}>{[info.modality, info.studyDescription && hospitalTerm(locale, info.studyDescription), info.studyDate].filter(Boolean).join(' · ')}</dd>
        <dt className={css.factName}>{t('aiStatus.orderNo')}</dt>
        <dd className={css.factValue}>{info.orderId}</dd>
        <dt className={css.factName}>{t('aiStatus.orderedAt')}</dt>
        <dd className={css.factValue}>{info.time}</dd>
        <dt className={css.factName}>{t('aiStatus.price')}</dt>
        <dd className={css.factValue}>{info.charge > 0 ? formatYuan(info.charge) : t('aiApply.free')}</dd>
      </dl>
    </section>
  );
}
