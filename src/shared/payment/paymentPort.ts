import type { ComponentType } from 'react';
import type { PaymentView } from '../../../machines/payment/payment.connect';
import type { PaymentMachine } from '../../../machines/payment/payment.machine';
import type { PayWay } from '../../../machines/payment/payment.types';

/**
 * What a screen that sells something needs of the payment feature (src/features/payment), handed
 * in by src/app, so a feature never imports another: the chart with its side effects provided, how
 * to pay right now, and the pay dialogs (which also resume a payment back from the H5 page).
 */
export interface PaymentPort {
  logic: PaymentMachine;
  /** Pay way 1 inside WeChat with the SDK ready, else 2; the H5 page returns to where the patient is. */
  howToPay(): { payWay: PayWay; returnUrl: string };
  Dialogs: ComponentType<{ payment: PaymentView }>;
}
