import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { STORAGE_ORDER_STATUS, STORAGE_ORDER_TABS, type StorageOrderRow } from '../../shared/api/storageSchemas';
import { useConfirmedAction } from '../../shared/charts/useConfirmedAction';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { usePagedList } from '../../shared/list/usePagedList';
import type { ScreenProps } from '../../shared/navigation/routes';
import { purchaseOf } from '../../../machines/payment/payment.types';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { useStandalonePayment } from '../../shared/payment/useStandalonePayment';
import { formatYuan } from '../../shared/rules/money';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import * as tabStyles from '../../shared/views/tabs.css';
import { cancelStorageOrder, loadStorageOrders, planLength } from './storageCalls';
import * as css from './storage.css';

type Tab = (typeof STORAGE_ORDER_TABS)[number];
const storageOrderListMachine = createPagedListMachine<StorageOrderRow, Tab['status']>();
const tabFromQuery = (value: string | null): Tab => STORAGE_ORDER_TABS.find((tab) => tab.key === value) ?? STORAGE_ORDER_TABS[0];

const STATUS_NAMES = { [STORAGE_ORDER_STATUS.toBePaid]: 'toBePaid', [STORAGE_ORDER_STATUS.paid]: 'paid', [STORAGE_ORDER_STATUS.closed]: 'closed' } as const;
const statusName = (status: number) => STATUS_NAMES[status as keyof typeof STATUS_NAMES] ?? 'closed';

/**
 * storeOrder: my storage orders by tab (all, to be paid, paid, closed), newest first; an order to
 * be paid can be paid (the payment feature, unchanged) or cancelled after confirming.
 */
export default function StoreOrderScreen({ payment: port }: ScreenProps & { payment: PaymentPort }) {
  const { t } = useI18n();
  const { api } = useServices();
  const [query, setQuery] = useSearchParams();
  const selected = tabFromQuery(query.get('tab'));
  const load = useCallback(
    ({ filter, page, pageSize }: LoadRequest<Tab['status']>, signal: AbortSignal) => loadStorageOrders(api, { status: filter, pageIndex: page, pageLength: pageSize }, signal),
    [api],
  );
  const list = usePagedList({ machine: storageOrderListMachine, filter: selected.status, load });
  const payment = useStandalonePayment(port, list.refresh);
  const act = useCallback((item: ActionItem) => cancelStorageOrder(api, item.id), [api]);
  const cancel = useConfirmedAction(act, list.refresh);
  const busy = payment.view.isBusy || cancel.isBusy;
  const { Dialogs } = payment;
  const switchTab = (tab: Tab) => {
    if (tab.key !== selected.key) setQuery({ tab: tab.key }, { replace: true });
    list.switchFilter(tab.status);
  };
  return (
    <div className={css.page} data-testid="store-order-list" data-payment-state={payment.view.state}>
      <div className={tabStyles.tabs} role="tablist">
        {STORAGE_ORDER_TABS.map((tab) => (
          <button
            data-label={t(`storeOrder.tab.${tab.key}`)}
            key={tab.key}
            type="button"
            role="tab"
            className={tabStyles.tab}
            aria-selected={tab.key === selected.key}
            data-testid={`store-tab-${tab.key}`}
            onClick={() => switchTab(tab)}
          >
            {t(`storeOrder.tab.${tab.key}`)}
          </button>
        ))}
      </div>
      <PagedList
        testId="store-orders"
        list={list}
        itemKey={(row) => row.orderId}
        renderItem={(row) => <OrderCard row={row} busy={busy} canPay={payment.view.canPay(row)} onPay={() => payment.pay(purchaseOf('storageOrder', row))} onCancel={() => cancel.ask({ id: row.orderId })} />}
      />
      <Dialogs payment={payment.view} />
      {cancel.isConfirming && (
        <ConfirmDialog
          testId="store-cancel-dialog"
          message={t('storeOrder.cancelConfirm')}
          confirmLabel={t('storeOrder.cancelYes')}
          dismissLabel={t('storeOrder.cancelNo')}
          onConfirm={cancel.confirm}
          onDismiss={cancel.dismiss}
        />
      )}
    </div>
  );
}

function OrderCard({ row, busy, canPay, onPay, onCancel }: { row: StorageOrderRow; busy: boolean; canPay: boolean; onPay: () => void; onCancel: () => void }) {
  const { t } = useI18n();
  const status = statusName(row.status);
  return (
    <article className={css.order} data-testid="store-order" data-status={row.status} data-order-id={row.orderId}>
      <div className={css.studyHead}>
        <span className={css.modality}>{row.modality}</span>
        <h2 className={css.studyTitle}>{row.studyDescription || row.modality}</h2>
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
          <Button variant="secondary" disabled={busy} onClick={onCancel} data-testid="store-cancel">
            {t('storeOrder.cancel')}
          </Button>
          <Button disabled={busy} onClick={onPay} data-testid="store-pay">
            {t('storeOrder.pay')}
          </Button>
        </div>
      )}
    </article>
  );
}
