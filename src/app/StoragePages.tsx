import ImageStoreScreen from '../features/storage/ImageStoreScreen';
import StoreOrderScreen from '../features/storage/StoreOrderScreen';
import { usePaymentFeature } from '../features/payment/usePaymentFeature';
import type { ScreenProps } from '../shared/navigation/routes';

/** Paid storage and the storage orders, paid through the payment feature: the two features meet here. */
export function ImageStorePage(props: ScreenProps) {
  return <ImageStoreScreen {...props} payment={usePaymentFeature()} />;
}

export function StoreOrderPage(props: ScreenProps) {
  return <StoreOrderScreen {...props} payment={usePaymentFeature()} />;
}
