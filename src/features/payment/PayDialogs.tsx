import { useEffect, useEffectEvent } from 'react';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { PayDialogsView } from '../../shared/payment/paymentPort';
import { useServices } from '../../shared/services';
import { Busy } from '../../shared/views/Busy';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import * as css from './payment.css';
import { createPendingPayments } from './pendingPayment';

/**
 * Everything a payment shows on any screen: the busy veil (while inside WeChat it waits for WeChat
 * pay, "preparing WeChat pay"), the H5 "is payment complete?" question, the "could not confirm"
 * question and, inside WeChat, "WeChat pay is not ready" with "try again". It also resumes a purchase back from the H5 page, on a new
 * page load or when the back button restores this page from the back-forward cache.
 */
export function PayDialogs({ purchase }: { purchase: PayDialogsView }) {
  const { payment } = purchase;
  const { t } = useI18n();
  const { sessionStorage } = useServices();
  // Only a page load and a page restored from the cache resume: never a change of payment state
  // (a dismissed payment stays remembered, and must not be asked about again at once).
  const resumeH5 = useEffectEvent(purchase.resumeH5);

  useEffect(() => {
    const pending = createPendingPayments(sessionStorage);
    const resume = () => {
      const purchase = pending.load();
      if (purchase) resumeH5(purchase);
    };
    resume();
    const onPageShow = (event: PageTransitionEvent) => event.persisted && resume();
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [sessionStorage]);

  return (
    <>
      {payment.isBusy && (
        <div className={css.overlay}>
          <Busy label={t(payment.isPreparingWechat ? 'payment.preparingWechat' : 'payment.confirming')} />
        </div>
      )}
      {payment.isAskingH5Result && (
        <ConfirmDialog
          testId="h5-dialog"
          tone="question"
          message={t('payment.isComplete')}
          confirmLabel={t('payment.paid')}
          dismissLabel={t('payment.notPaid')}
          onConfirm={payment.paid}
          onDismiss={payment.notPaid}
        />
      )}
      {payment.isQueryFailed && (
        <ConfirmDialog
          testId="query-failed-dialog"
          message={t('payment.queryFailed')}
          confirmLabel={t('payment.queryAgain')}
          dismissLabel={t('payment.later')}
          onConfirm={payment.queryAgain}
          onDismiss={payment.later}
        />
      )}
      {payment.isWechatNotReady && (
        <ConfirmDialog
          testId="wechat-not-ready-dialog"
          message={t('payment.wechatNotReady')}
          detail={t('payment.wechatNotReadyDetail')}
          confirmLabel={t('app.retry')}
          dismissLabel={t('payment.notNow')}
          onConfirm={payment.retryWechat}
          onDismiss={payment.later}
        />
      )}
    </>
  );
}
