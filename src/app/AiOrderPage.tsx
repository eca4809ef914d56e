import AiOrderListScreen from '../features/aiOrders/AiOrderListScreen';
import { usePaymentFeature } from '../features/payment/usePaymentFeature';
import type { ScreenProps } from '../shared/navigation/routes';

/** The AI order list, paid through the payment feature: the two features meet here, in the app. */
export default function AiOrderPage(props: ScreenProps) {
  return <AiOrderListScreen {...props} payment={usePaymentFeature()} />;
}
