import { memo, type ReactNode } from 'react';
import type { AiOrderRow } from '../../shared/api/schemas';
import { formatSexAge } from '../../shared/i18n/format';
import { hospitalTerm } from '../../shared/i18n/glossary';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { formatYuan, hasCharge } from '../../shared/rules/money';
import { Button } from '../../shared/views/Button';
import { tappable } from '../../shared/views/tappable.css';
import * as css from './aiOrder.css';
import type { MessageKey } from '../../shared/i18n/translate';
import { aiAmountTerm, aiDetectionStatus, aiOrderStatusLabel, type AiAmountTerm } from './cardLabels';

const AMOUNT_TERMS: Record<AiAmountTerm, MessageKey> = { paid: 'aiOrder.paid', due: 'aiOrder.due', amount: 'aiOrder.amount' };
import type { CardButton } from './cardButtons';

interface OrderCardProps {
  row: AiOrderRow;
  buttons: readonly CardButton[];
  busy: boolean;
  onOpen: (row: AiOrderRow) => void;
  onPress: (button: CardButton, row: AiOrderRow) => void;
}

/**
 * One AI order (spec section 2): time, status label, patient, item, detection status, amount,
 * buttons. Drawn again only when what it shows changed: a dialog opening over the list (a tap
 * whose latency is budgeted, issue 26) leaves every card as it is.
 */
export const OrderCard = memo(
  OrderCardView,
  (was, now) => was.row === now.row && was.busy === now.busy && was.onOpen === now.onOpen && was.onPress === now.onPress && sameButtons(was.buttons, now.buttons),
);

const sameButtons = (a: readonly CardButton[], b: readonly CardButton[]) => a.length === b.length && a.every((button, i) => button === b[i]);

function OrderCardView(props: OrderCardProps) {
  const { row } = props;
  const { t, locale } = useI18n();
  const label = aiOrderStatusLabel(row.status);
  const detection = aiDetectionStatus(row.status);
  return (
    <article className={`${css.orderCard} ${tappable}`} data-testid="order-card" data-status={row.status} data-order-id={row.orderId} onClick={() => props.onOpen(row)}>
      <div className={css.head}>
        <span className={css.time}>{row.time}</span>
        {label && <span className={css.label[label]}>{t(`aiOrder.label.${label}`)}</span>}
      </div>
      <dl className={css.fields}>
        <Field term={t('aiOrder.patient')}>
          {row.name} {formatSexAge(t, row.sex, row.age)}
        </Field>
        <Field term={t('aiOrder.item')}>{hospitalTerm(locale, row.item)}</Field>
        {detection && (
          <Field term={t('aiOrder.detectionStatus')}>
            <span className={css.detection[detection]}>{t(`aiOrder.detection.${detection}`)}</span>
          </Field>
        )}
        {hasCharge(row.charge) && (
          <Field term={t(AMOUNT_TERMS[aiAmountTerm(row.status)])}>
            <span className={css.amount}>{formatYuan(row.charge)}</span>
          </Field>
        )}
      </dl>
      {props.buttons.length > 0 && (
        <div className={css.actions}>
          {props.buttons.map((button) => (
            <Button
              key={button}
              variant={button === 'pay' || button === 'aiResult' ? 'primary' : 'secondary'}
              className={css.actionButton}
              disabled={props.busy}
              data-testid={`action-${button}`}
              onClick={(e) => {
                e.stopPropagation();
                props.onPress(button, row);
              }}
            >
              {t(`aiOrder.action.${button}`)}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}

/** One term and its value: screen readers hear them as a pair. */
function Field(props: { term: string; children: ReactNode }) {
  return (
    <div className={css.line}>
      <dt className={css.term}>{props.term}</dt>
      <dd className={css.value}>{props.children}</dd>
    </div>
  );
}
