import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { paymentMachine } from '../../../machines/payment/payment.machine';
import { PAY_WAY } from '../../../machines/payment/payment.types';
import { useReportFailure } from '../../shared/api/useReportFailure';
import { fullPath } from '../../shared/navigation/navigation';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { payInWeChat } from '../../shared/platform/wechat';
import { useServices } from '../../shared/services';
import { useToast } from '../../shared/views/Toast';
import { getPayParams, queryPayResult } from './paymentCalls';
import { PayDialogs } from './PayDialogs';
import { createPendingPayments } from './pendingPayment';

/**
 * The payment feature for any screen that sells something: the payment chart with the app's side
 * effects (the pay calls of the purchase's kind, WeChat pay and waiting for WeChat's JS-SDK or
 * configuring it again, the H5 hand-over that remembers the purchase, the outcome toast,
 * analytics, failures by the error catalogue). How a payment ends
 * (`settled`, `unsettled`) is the purchase chart's, its parent.
 */
export function usePaymentFeature(): PaymentPort {
  const { api, config, wechat, analytics, sessionStorage } = useServices();
  const { t } = useI18n();
  const toast = useToast();
  const reportFailure = useReportFailure();
  // The H5 page comes back to where the patient is now (a tab of a list included).
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = `${window.location.origin}${fullPath(location)}`;
  }, [location]);
  return useMemo(() => {
    const pending = createPendingPayments(sessionStorage);
    const logic = paymentMachine.provide({
      actors: {
        getPayParams: fromPromise(({ input }) => getPayParams(api, input, config.allowedRedirectOrigins)),
        payInApp: fromPromise(({ input }) => payInWeChat(input)),
        queryPayResult: fromPromise(({ input }) => queryPayResult(api, input)),
        prepareWechatPay: fromPromise(({ signal }) => wechat.whenPayReady(signal)),
      },
      actions: {
        retryWechatSdk: () => wechat.retry(),
        openH5Page: (_, { params, purchase }) => {
          pending.save(purchase);
          if (params.way === PAY_WAY.h5) window.location.assign(params.params.h5_url);
        },
        forgetPendingPayment: () => pending.clear(),
        showOutcome: (_, { message }) => toast(t(`payment.${message}`)),
        logToAnalytics: (_, { outcome, purchase }) =>
          analytics.track(outcome === 'cancel' ? 'payment_cancelled' : 'payment_failed', {
            orderId: purchase?.orderId ?? null,
            checkRecordId: purchase?.checkRecordId ?? null,
            kind: purchase?.kind ?? null,
          }),
        reportFailure: (_, { error }) => reportFailure(error),
      },
    });
    return {
      logic,
      howToPay: () => ({ payWay: wechat.payWay(), returnUrl: here.current }),
      Dialogs: PayDialogs,
    };
  }, [api, config, wechat, analytics, sessionStorage, t, toast, reportFailure]);
}

