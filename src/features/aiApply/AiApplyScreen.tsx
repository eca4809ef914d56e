import { Link, useLocation } from 'react-router-dom';
import type { AiChannel, AiStudy } from '../../shared/api/aiApplySchemas';
import { hospitalTerm } from '../../shared/i18n/glossary';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { filmIdOf, type ScreenProps } from '../../shared/navigation/routes';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { formatYuan } from '../../shared/rules/money';
import { Button } from '../../shared/views/Button';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import * as form from '../../shared/views/form.css';
import { RadioChoices } from '../../shared/views/RadioChoices';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import * as css from './aiApply.css';
import type { AiApplyProblem, ApplyPage } from './aiApplyCalls';
import { aiApplyHref, aiStatusHref } from './aiApplyLinks';
import { channelChoice, channelWords } from './channelChoice';
import { statusWords } from '../../shared/ai/aiStatusWords';
import { useAiApply, useAiStudies, type AiApplyScreenView } from './useAiApply';

const PROBLEM_KEYS: Record<AiApplyProblem, MessageKey> = {
  channelUnavailable: 'aiApply.problem.channelUnavailable',
  notOffered: 'aiApply.problem.notOffered',
  studyNotFound: 'aiApply.problem.studyNotFound',
};

/**
 * aiApply (issue 14 §2): with a study (`?id=`, the film detail's "apply AI"), its AI channels to
 * choose from, confirmed with the price and paid through the payment feature; without one, the
 * studies AI can analyse, each with what is already under way.
 */
export default function AiApplyScreen({ payment }: ScreenProps & { payment: PaymentPort }) {
  const collectFilmId = filmIdOf(useLocation().search);
  return collectFilmId ? <StudyApply key={collectFilmId} collectFilmId={collectFilmId} port={payment} /> : <StudyPicker />;
}

/** The free/paid price of a channel: ¥19.90, or "free". */
function usePrice() {
  const { t } = useI18n();
  return (charge: number) => (charge > 0 ? formatYuan(charge) : t('aiApply.free'));
}

function StudyPicker() {
  const { t } = useI18n();
  const studies = useAiStudies();
  if (studies.isFailed) {
    return <StatusPage testId="ai-studies-failed" illustration="error" heading={t('aiApply.loadFailed')} actions={<Button onClick={studies.retry}>{t('app.retry')}</Button>} />;
  }
  if (!studies.data) return <SkeletonList label={t('app.loading')} />;
  if (studies.data.studies.length === 0) return <StatusPage testId="ai-studies-empty" illustration="empty" heading={t('aiApply.noStudies')} />;
  return (
    <div className={css.page} data-testid="ai-study-picker">
      <p className={css.intro}>{t('aiApply.pickStudy')}</p>
      <ul className={ui.list}>
        {studies.data.studies.map((study) => (
          <li key={study.collectFilmId}>
            <Link to={aiApplyHref(study.collectFilmId)} className={css.studyLink} data-testid="ai-study" data-id={study.collectFilmId}>
              <StudyLines study={study} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A study's description, date and body part, and its latest order's status. */
function StudyLines({ study }: { study: AiStudy }) {
  const { t, locale } = useI18n();
  const latest = study.latestOrder;
  const words = latest ? statusWords(latest.status) : null;
  return (
    <>
      <div className={css.studyHead}>
        <span className={css.modality}>{study.modality}</span>
        <h3 className={css.studyTitle}>{hospitalTerm(locale, study.studyDescription || study.modality)}</h3>
      </div>
      <p className={css.meta}>{[study.studyDate, study.bodyPart && hospitalTerm(locale, study.bodyPart)].filter(Boolean).join(' · ')}</p>
      {words && (
        <span className={css.status[words.tone]} data-testid="ai-study-status" data-status={latest?.status}>
          {t('aiApply.latestOrder', { status: t(words.key) })}
        </span>
      )}
    </>
  );
}

function StudyApply({ collectFilmId, port }: { collectFilmId: string; port: PaymentPort }) {
  const { t } = useI18n();
  const { page, purchase } = useAiApply(collectFilmId, port);
  const { Dialogs } = port;
  return (
    <div className={css.page} data-testid="ai-apply" data-purchase-state={purchase.state} data-payment-state={purchase.payment.state}>
      <Channels page={page} purchase={purchase} />
      {purchase.problem && (
        <p className={form.problem} role="alert" data-testid="ai-apply-problem" data-problem={purchase.problem}>
          {t(PROBLEM_KEYS[purchase.problem])}
        </p>
      )}
      <Dialogs purchase={purchase} />
    </div>
  );
}

function Channels({ page, purchase }: AiApplyScreenView) {
  const { t } = useI18n();
  if (page.isFailed) {
    return <StatusPage testId="ai-apply-failed" illustration="error" heading={t('aiApply.loadFailed')} actions={<Button onClick={page.retry}>{t('app.retry')}</Button>} />;
  }
  const data: ApplyPage | null = page.data;
  if (!data) return <SkeletonList count={3} label={t('app.loading')} />;
  if (data.kind === 'refused') {
    return <StatusPage testId="ai-apply-refused" illustration="empty" heading={t(PROBLEM_KEYS[data.problem])} />;
  }
  return <ChannelChoice purchase={purchase} study={data.study} channels={data.channels} />;
}

/** A channel as its card says it: name and price, provider, what it does, how long and where its result opens. */
function ChannelOption({ channel }: { channel: AiChannel }) {
  const { t, locale } = useI18n();
  const price = usePrice();
  const words = channelWords(channel, locale);
  return (
    <>
      <span className={css.channelHead}>
        <span className={css.channelName}>{words.name}</span>
        <span className={css.price} data-testid="ai-channel-price">
          {price(channel.charge)}
        </span>
      </span>
      <span className={css.meta}>{t('aiApply.provider', { provider: words.provider })}</span>
      <span className={css.description}>{words.description}</span>
      <span className={css.meta}>
        {[t('aiApply.minutes', { minutes: channel.minutes }), t(channel.checkWay === 1 ? 'aiApply.opensProvider' : 'aiApply.opensViewer')].join(' · ')}
      </span>
    </>
  );
}

function ChannelChoice({ purchase, study, channels }: { purchase: AiApplyScreenView['purchase']; study: AiStudy | null; channels: AiChannel[] }) {
  const { t, locale } = useI18n();
  const price = usePrice();
  const { offered, chosen, ordering, live, liveChannel, chosenIsLive, busy } = channelChoice({ study, channels }, purchase, purchase.isBusy);
  return (
    <>
      {study && (
        <section className={css.study} data-testid="ai-apply-study">
          <StudyLines study={study} />
        </section>
      )}
      {live && (
        <section className={css.liveOrder} data-testid="ai-live-order" data-order-id={live.orderId}>
          <p className={css.applied}>
            {t('aiApply.liveOrder', { name: liveChannel ? channelWords(liveChannel, locale).name : t('aiApply.anAnalysis'), status: t(statusWords(live.status).key) })}
          </p>
          <Link to={aiStatusHref(live.orderId)} className={ui.button.primary} data-testid="ai-see-progress">
            {t('aiApply.seeProgress')}
          </Link>
        </section>
      )}
      {offered.length === 0 ? (
        <StatusPage testId="ai-apply-no-channels" illustration="empty" heading={t('aiApply.noChannels')} />
      ) : (
        <>
          <h2 id="ai-channels-heading" className={css.heading}>
            {t(live ? 'aiApply.otherChannelsHeading' : 'aiApply.channelsHeading')}
          </h2>
          <RadioChoices
            options={offered.map((channel) => channel.channelId)}
            value={chosen?.channelId ?? ''}
            onChange={purchase.choose}
            disabled={busy}
            label={{ by: 'ai-channels-heading' }}
            className={css.channels}
            optionClassName={css.channel}
            testId={(channelId) => `ai-channel-${channelId}`}
            renderOption={(channelId) => <ChannelOption channel={offered.find((channel) => channel.channelId === channelId)!} />}
          />
          <div className={css.actions}>
            {!chosen ? (
              <p className={css.hint} data-testid="ai-choose-first">
                {t('aiApply.chooseFirst')}
              </p>
            ) : chosenIsLive ? (
              <p className={css.applied} data-testid="ai-already-applied">
                {t('aiApply.alreadyApplied', { status: t(statusWords(live!.status).key) })}
              </p>
            ) : (
              <Button onClick={() => purchase.buy(chosen.channelId)} disabled={busy} aria-busy={busy} data-testid="ai-apply-submit">
                {purchase.isSubmitting ? t('aiApply.submitting') : chosen.charge > 0 ? t('aiApply.applyFor', { price: price(chosen.charge) }) : t('aiApply.applyFree')}
              </Button>
            )}
          </div>
        </>
      )}
      {purchase.isConfirming && ordering && (
        <ConfirmDialog
          testId="ai-apply-confirm"
          message={t(ordering.charge > 0 ? 'aiApply.confirmPaid' : 'aiApply.confirmFree', { name: channelWords(ordering, locale).name, price: price(ordering.charge) })}
          confirmLabel={t(ordering.charge > 0 ? 'aiApply.confirmPay' : 'aiApply.confirm')}
          dismissLabel={t('aiApply.thinkAgain')}
          onConfirm={purchase.confirm}
          onDismiss={purchase.dismiss}
        />
      )}
    </>
  );
}
