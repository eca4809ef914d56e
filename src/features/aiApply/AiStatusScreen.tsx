import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';
import { Link, useLocation } from 'react-router-dom';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { ScreenProps } from '../../shared/navigation/routes';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { formatYuan } from '../../shared/rules/money';
import { Button } from '../../shared/views/Button';
import * as form from '../../shared/views/form.css';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import * as css from './aiApply.css';
import { aiResultPageHref, ORDER_ID_QUERY } from '../../shared/ai/aiResultLink';
import { aiApplyHref } from './aiApplyLinks';
import { OrderCard } from './OrderCard';
import { timeLeft, type TimeLeft } from '../../shared/ai/aiStatusWords';
import { ServicePhone } from '../../shared/views/CustomerService';
import { ROUTE } from '../../shared/navigation/routes';
import { useAiStatus } from './useAiApply';

/**
 * aiStatus (`?orderId=`): the order as AI/info says, followed while it is queued or analysing
 * (a progress bar and about how long is left); to be paid: pay; succeeded: see the result; failed:
 * the reason; closed: said. Leaving the page stops asking; coming back asks again.
 */
export default function AiStatusScreen({ payment }: ScreenProps & { payment: PaymentPort }) {
  const { t } = useI18n();
  const orderId = new URLSearchParams(useLocation().search).get(ORDER_ID_QUERY)?.trim();
  if (!orderId) return <StatusPage testId="ai-status-missing" illustration="empty" heading={t('toast.messageLost')} />;
  return <OrderStatus key={orderId} orderId={orderId} port={payment} />;
}

function OrderStatus({ orderId, port }: { orderId: string; port: PaymentPort }) {
  const { t } = useI18n();
  const { view, purchase } = useAiStatus(orderId, port);
  const { Dialogs } = port;
  const info = view.info;
  return (
    <div className={css.page} data-testid="ai-status" data-step={view.step} data-state={view.state} data-purchase-state={purchase.state} data-payment-state={purchase.payment.state}>
      {view.step === 'loading' && <SkeletonList count={2} label={t('app.loading')} />}
      {view.step === 'loadFailed' && (
        <StatusPage testId="ai-status-failed" illustration="offline" heading={t('aiApply.loadFailed')} actions={<Button onClick={view.retry}>{t('app.retry')}</Button>} />
      )}
      {view.step === 'missing' && <StatusPage testId="ai-status-missing" illustration="empty" heading={t('toast.messageLost')} />}
      {info && <OrderCard info={info} />}
      {info && view.step === 'following' && (
        <section className={css.order} aria-labelledby="ai-progress-heading" data-testid="ai-progress">
          <h2 id="ai-progress-heading" className={css.heading}>
            {t(info.status === AI_ORDER_STATUS.queued ? 'aiStatus.queuedHeading' : 'aiStatus.analysingHeading')}
          </h2>
          <Progress percent={view.progress ?? 0} left={timeLeft(view.secondsLeft)} />
          <p className={css.intro}>{t('aiStatus.canLeave')}</p>
          {view.isStalled && (
            <>
              <p className={form.problem} role="alert" data-testid="ai-status-stalled">
                {t('aiStatus.stalled')}
              </p>
              <Button variant="secondary" onClick={view.retry} data-testid="ai-status-retry">
                {t('app.retry')}
              </Button>
            </>
          )}
        </section>
      )}
      {info && view.step === 'toBePaid' && (
        <section className={css.actions}>
          <p className={css.intro}>{t('aiStatus.toBePaid')}</p>
          <Button onClick={view.pay} disabled={purchase.isBusy} aria-busy={purchase.isBusy} data-testid="ai-status-pay">
            {t('aiStatus.pay', { price: formatYuan(info.charge) })}
          </Button>
        </section>
      )}
      {info && view.step === 'succeeded' && (
        <section className={css.actions}>
          <p className={form.success} data-testid="ai-status-succeeded">
            {t('aiStatus.succeeded')}
          </p>
          <Link to={aiResultPageHref(info)} className={ui.button.primary} data-testid="ai-see-result">
            {t('aiStatus.seeResult')}
          </Link>
        </section>
      )}
      {info && view.step === 'failed' && (
        <section className={css.actions}>
          <p className={css.reason} data-testid="ai-failure-reason">
            {info.failureReason || t('aiStatus.noReason')}
          </p>
          <Link to={aiApplyHref(info.collectFilmId)} className={ui.button.primary} data-testid="ai-apply-again">
            {t('aiResult.applyAgain')}
          </Link>
        </section>
      )}
      {info && view.step === 'closed' && (
        <section className={css.actions}>
          <p className={css.intro} data-testid="ai-status-closed">
            {t('aiStatus.closed')}
          </p>
          <Link to={aiApplyHref(info.collectFilmId)} className={ui.button.secondary} data-testid="ai-apply-again">
            {t('aiResult.applyAgain')}
          </Link>
        </section>
      )}
      <Dialogs purchase={purchase} />
    </div>
  );
}

/**
 * The bar and the time left. Once the estimate has run out the bar stops claiming a percentage (it
 * shows work going on, with no value) and the page says it takes longer than usual, and where to
 * get help, instead of "99%, under a minute" however long it takes.
 */
function Progress({ percent, left }: { percent: number; left: TimeLeft | null }) {
  const { t } = useI18n();
  const longer = left?.kind === 'longerThanUsual';
  return (
    <>
      <div
        className={css.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={longer ? undefined : percent}
        aria-label={t('aiStatus.progressLabel')}
        data-testid="ai-progress-bar"
      >
        <div className={longer ? css.barFillWaiting : css.barFill} style={{ width: longer ? '100%' : `${percent}%` }} />
      </div>
      {longer ? (
        <LongerThanUsual />
      ) : (
        <div className={css.progressLine}>
          <span data-testid="ai-progress-percent">{t('aiStatus.percent', { percent })}</span>
          {left && (
            <span data-testid="ai-time-left">{left.kind === 'underAMinute' ? t('aiStatus.underAMinute') : t('aiStatus.minutesLeft', { minutes: left.minutes })}</span>
          )}
        </div>
      )}
    </>
  );
}

function LongerThanUsual() {
  const { t } = useI18n();
  return (
    <div className={css.longer} data-testid="ai-longer-than-usual">
      <p className={css.intro}>{t('aiStatus.longerThanUsual')}</p>
      <p className={css.intro}>{t('aiStatus.longerHelp')}</p>
      <div className={css.helpLinks}>
        <ServicePhone testId="ai-longer-call" />
        <Link className={ui.button.secondary} to={ROUTE.help.path} data-testid="ai-longer-help">
          {t('aiStatus.longerHelpLink')}
        </Link>
      </div>
    </div>
  );
}
