import AiApplyScreen from '../features/aiApply/AiApplyScreen';
import AiStatusScreen from '../features/aiApply/AiStatusScreen';
import { usePaymentFeature } from '../features/payment/usePaymentFeature';
import type { ScreenProps } from '../shared/navigation/routes';

/** Applying for AI analysis, paid through the payment feature: the two features meet here, in the app. */
export default function AiApplyPage(props: ScreenProps) {
  return <AiApplyScreen {...props} payment={usePaymentFeature()} />;
}

/** An AI order's progress, where an order to be paid is paid through the payment feature. */
export function AiStatusPage(props: ScreenProps) {
  return <AiStatusScreen {...props} payment={usePaymentFeature()} />;
}
