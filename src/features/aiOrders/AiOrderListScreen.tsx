import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { formatYuan } from '../../shared/rules/money';
import type { ScreenProps } from '../../shared/navigation/routes';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import { TabStrip } from '../../shared/views/TabStrip';
import { OrderCard } from './AiOrderCard';
import { useAiOrderList } from './useAiOrderList';

/** The AI order list (spec section 2): four tabs, cards, the buttons each status allows, cancel and pay. */
export default function AiOrderListScreen({ payment }: ScreenProps & { payment: PaymentPort }) {
  const { t } = useI18n();
  const screen = useAiOrderList(payment);
  const { order } = screen;
  const { Dialogs } = payment;
  return (
    <div data-testid="ai-order-list" data-order-state={order.state} data-purchase-state={screen.purchase.state} data-payment-state={screen.purchase.payment.state}>
      <TabStrip
        tabs={screen.tabs}
        selected={screen.selected}
        onSelect={screen.switchTab}
        label={(tab) => t(`aiOrder.tab.${tab.key}`)}
        testId={(tab) => `tab-${tab.key}`}
      />
      <PagedList
        testId="order-list"
        list={screen.list}
        itemKey={(row) => row.orderId}
        renderItem={(row) => <OrderCard row={row} buttons={screen.buttonsFor(row)} busy={screen.isBusy} onOpen={screen.open} onPress={screen.press} />}
      />
      <Dialogs purchase={screen.purchase} />
      {order.isConfirmingCancel && (
        <ConfirmDialog
          testId="cancel-dialog"
          tone="destructive"
          message={t('aiOrder.cancelConfirm')}
          detail={screen.cancelling ? t('order.summary', { orderId: screen.cancelling.orderId, amount: formatYuan(screen.cancelling.charge) }) : undefined}
          confirmLabel={t('aiOrder.confirmCancel')}
          dismissLabel={t('aiOrder.thinkAgain')}
          onConfirm={order.confirmCancel}
          onDismiss={order.thinkAgain}
        />
      )}
    </div>
  );
}
