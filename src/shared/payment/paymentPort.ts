import type { ComponentType } from 'react';
import type { PaymentMachine } from '../../../machines/payment/payment.machine';
import type { PayHow } from '../../../machines/purchase/purchase.types';
import type { PaymentView } from '../../../machines/payment/payment.connect';
import type { PurchaseView } from '../../../machines/purchase/purchase.connect';

/**
 * What a screen that sells something needs of the payment feature (src/features/payment), handed
 * in by src/app, so a feature never imports another: the payment chart with its side effects
 * provided (the purchase chart's child), how to pay right now, and the pay dialogs (which also
 * resume a purchase back from the H5 page).
 */
/** What the pay dialogs need of a purchase: its payment's questions, and resuming one back from the H5 page. */
export type PayDialogsView = Pick<PurchaseView, 'resumeH5'> & { payment: PaymentView };

export interface PaymentPort {
  logic: PaymentMachine;
  /** Outside WeChat pay way 2; inside WeChat 1 with the SDK ready, `wechatNotReady` until then; the H5 page returns to where the patient is. */
  howToPay(): PayHow;
  Dialogs: ComponentType<{ purchase: PayDialogsView }>;
}
