import { memo } from 'react';
import { STORAGE_ORDER_STATUS, type StorageOrderRow } from '../../shared/api/storageSchemas';
import { hospitalTerm } from '../../shared/i18n/glossary';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import type { ScreenProps } from '../../shared/navigation/routes';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { formatYuan } from '../../shared/rules/money';
import { Button } from '../../shared/views/Button';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import { TabStrip } from '../../shared/views/TabStrip';
import { planLength } from './plans';
import * as css from './storage.css';
import { useStoreOrders } from './useStoreOrders';

const STATUS_NAMES = { [STORAGE_ORDER_STATUS.toBePaid]: 'toBePaid', [STORAGE_ORDER_STATUS.paid]: 'paid', [STORAGE_ORDER_STATUS.closed]: 'closed' } as const;
const statusName = (status: number) => STATUS_NAMES[status as keyof typeof STATUS_NAMES] ?? 'closed';

/**
 * storeOrder: my storage orders by tab (all, to be paid, paid, closed), newest first; an order to
 * be paid can be paid (the payment feature, unchanged) or cancelled after confirming.
 */
export default function StoreOrderScreen({ payment }: ScreenProps & { payment: PaymentPort }) {
  const { t } = useI18n();
  const screen = useStoreOrders(payment);
  const { cancel } = screen;
  const { Dialogs } = payment;
  return (
    <div className={css.page} data-testid="store-order-list" data-purchase-state={screen.purchase.state} data-payment-state={screen.purchase.payment.state}>
      <TabStrip
        tabs={screen.tabs}
        selected={screen.selected}
        onSelect={screen.switchTab}
        label={(tab) => t(`storeOrder.tab.${tab.key}`)}
        testId={(tab) => `store-tab-${tab.key}`}
      />
      <PagedList
        testId="store-orders"
        list={screen.list}
        itemKey={(row) => row.orderId}
        renderItem={(row) => <OrderCard row={row} busy={screen.isBusy} canPay={screen.canPay(row)} onPay={screen.pay} onCancel={cancel.ask} />}
      />
      <Dialogs purchase={screen.purchase} />
      {cancel.isConfirming && (
        <ConfirmDialog
          testId="store-cancel-dialog"
          tone="destructive"
          message={t('storeOrder.cancelConfirm')}
          detail={cancel.order ? t('order.summary', { orderId: cancel.order.orderId, amount: formatYuan(cancel.order.charge) }) : undefined}
          confirmLabel={t('storeOrder.cancelYes')}
          dismissLabel={t('storeOrder.cancelNo')}
          onConfirm={cancel.confirm}
          onDismiss={cancel.dismiss}
        />
      )}
    </div>
  );
}

/** One storage order; drawn again only when its props change, not when a dialog opens over the list. */
const OrderCard = memo(function OrderCard({ row, busy, canPay, onPay, onCancel }: { row: StorageOrderRow; busy: boolean; canPay: boolean; onPay: (row: StorageOrderRow) => void; onCancel: (row: StorageOrderRow) => void }) {
  const { t, locale } = useI18n();
  const status = statusName(row.status);
  return (
    <article className={css.order} data-testid="store-order" data-status={row.status} data-order-id={row.orderId}>
      <div className={css.studyHead}>
        <span className={css.modality}>{row.modality}</span>
        <h2 className={css.studyTitle}>{hospitalTerm(locale, row.studyDescription || row.modality)}</h2>
        <span className={css.orderStatus[status]}>{t(`storeOrder.status.${status}`)}</span>
      </div>
      <dl className={css.facts}>
        <dt className={css.factName}>{t('storeOrder.plan')}</dt>
        <dd className={css.factValue}>{planLength(t, row.months)}</dd>
        <dt className={css.factName}>{t('storeOrder.amount')}</dt>
        <dd className={css.factValue}>{formatYuan(row.charge)}</dd>
        <dt className={css.factName}>{t('storeOrder.time')}</dt>
        <dd className={css.factValue}>{row.time}</dd>
        <dt className={css.factName}>{t('storeOrder.study')}</dt>
        <dd className={css.factValue}>{row.studyDate}</dd>
        {row.expireDate && (
          <>
            <dt className={css.factName}>{t('storeOrder.keptUntil')}</dt>
            <dd className={css.factValue}>{row.expireDate}</dd>
          </>
        )}
      </dl>
      {canPay && (
        <div className={css.orderActions}>
          <Button variant="secondary" disabled={busy} onClick={() => onCancel(row)} data-testid="store-cancel">
            {t('storeOrder.cancel')}
          </Button>
          <Button disabled={busy} onClick={() => onPay(row)} data-testid="store-pay">
            {t('storeOrder.pay')}
          </Button>
        </div>
      )}
    </article>
  );
});
