import { useCallback } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { StoragePlan, StudyStorage } from '../../shared/api/storageSchemas';
import { useResource } from '../../shared/charts/useResource';
import { hospitalTerm } from '../../shared/i18n/glossary';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { filmIdOf, ROUTE, type ScreenProps } from '../../shared/navigation/routes';
import { studyPageHref } from '../../shared/navigation/viewerLink';
import type { PaymentPort } from '../../shared/payment/paymentPort';
import { formatYuan } from '../../shared/rules/money';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import * as form from '../../shared/views/form.css';
import { RadioChoices } from '../../shared/views/RadioChoices';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import { tappableLink } from '../../shared/views/tappable.css';
import * as ui from '../../shared/views/ui.css';
import { planChoice, planLength, storageEndAfter } from './plans';
import { loadAllStorage, type StoreBuyProblem } from './storageCalls';
import * as css from './storage.css';
import { useStoreBuy, type StoreBuyView } from './useStoreBuy';

const PROBLEM_KEYS: Record<StoreBuyProblem, MessageKey> = {
  planUnknown: 'storage.problem.planUnknown',
  notForSale: 'storage.problem.notForSale',
  studyNotFound: 'storage.problem.studyNotFound',
};

/**
 * imageStore (paid storage): with a study (`?id=`), how long its images stay online and the plans
 * to keep them longer, bought and paid here; without one, every study's storage to choose from.
 */
export default function ImageStoreScreen({ payment }: ScreenProps & { payment: PaymentPort }) {
  const collectFilmId = filmIdOf(useLocation().search);
  return collectFilmId ? <StudyStore key={collectFilmId} collectFilmId={collectFilmId} port={payment} /> : <AllStorage />;
}

function StudyStore({ collectFilmId, port }: { collectFilmId: string; port: PaymentPort }) {
  const { t } = useI18n();
  const { store, buy } = useStoreBuy(collectFilmId, port);
  const { Dialogs } = port;
  return (
    <div className={css.page} data-testid="image-store" data-purchase-state={buy.state} data-payment-state={buy.payment.state}>
      <Offer store={store} buy={buy} />
      {buy.problem && (
        <p className={form.problem} role="alert" data-testid="storage-problem">
          {t(PROBLEM_KEYS[buy.problem])}
        </p>
      )}
      <div className={css.links}>
        <Link className={form.textButton} to={ROUTE.storeOrder.path} data-testid="storage-orders-link">
          {t('storage.myOrders')}
        </Link>
      </div>
      <Dialogs purchase={buy} />
    </div>
  );
}

function Offer({ store, buy }: StoreBuyView) {
  const { t } = useI18n();
  const busy = buy.isBusy;
  if (store.isFailed) {
    return <StatusPage illustration="error" heading={t('storage.failed')} actions={<Button onClick={store.retry}>{t('app.retry')}</Button>} />;
  }
  if (!store.data) return <SkeletonList count={3} label={t('app.loading')} />;
  const { storage, plans } = store.data;
  const { chosen, ordering } = planChoice(plans, buy);
  return (
    <>
      <StorageCard storage={storage} />
      {storage.pendingOrderId && (
        <section className={css.notice} data-testid="storage-pending">
          <p className={css.until}>{t('storage.pending')}</p>
          <Link className={form.textButton} to={`${ROUTE.storeOrder.path}?tab=toBePaid`}>
            {t('storage.pendingLink')}
          </Link>
        </section>
      )}
      {!storage.canBuy || plans.length === 0 ? (
        <p className={form.note} data-testid="storage-not-for-sale">
          {t(storage.state === 'permanent' ? 'storage.permanentNote' : 'storage.notForSaleNote')}
        </p>
      ) : (
        <section className={css.page} aria-labelledby="storage-plans-heading">
          <h2 id="storage-plans-heading" className={css.heading}>
            {t('storage.plansHeading')}
          </h2>
          <RadioChoices
            options={plans.map((plan) => plan.planId)}
            value={chosen?.planId ?? ''}
            onChange={buy.choose}
            disabled={busy}
            label={{ by: 'storage-plans-heading' }}
            className={css.plans}
            optionClassName={css.plan}
            testId={(planId) => `storage-plan-${planId}`}
            renderOption={(planId) => <PlanOption plan={plans.find((plan) => plan.planId === planId)!} storage={storage} />}
          />
          {chosen ? (
            <Button className={css.wide} disabled={busy} onClick={() => buy.buy(chosen.planId)} data-testid="storage-buy">
              {t('storage.buy', { price: formatYuan(chosen.charge) })}
            </Button>
          ) : (
            <p className={form.note} data-testid="storage-choose-first">
              {t('storage.chooseFirst')}
            </p>
          )}
          <p className={form.note}>{t('storage.buyNote')}</p>
        </section>
      )}
      {buy.isConfirming && ordering && (
        <ConfirmDialog
          testId="storage-confirm"
          message={t('storage.confirm', { price: formatYuan(ordering.charge), years: planLength(t, ordering.months), until: storageEndAfter(storage, ordering.months) })}
          confirmLabel={t('storage.confirmYes')}
          dismissLabel={t('storage.confirmNo')}
          onConfirm={buy.confirm}
          onDismiss={buy.dismiss}
        />
      )}
    </>
  );
}

function PlanOption({ plan, storage }: { plan: StoragePlan; storage: StudyStorage }) {
  const { t } = useI18n();
  return (
    <>
      <span className={css.planName}>
        {planLength(t, plan.months)}
        {plan.recommended && <span className={css.recommended}>{t('storage.recommended')}</span>}
      </span>
      <span className={css.planPrice}>{formatYuan(plan.charge)}</span>
      <span className={css.planNote}>{t('storage.planUntil', { date: storageEndAfter(storage, plan.months) })}</span>
      {plan.originalCharge != null && plan.originalCharge > plan.charge ? <span className={css.originalPrice}>{formatYuan(plan.originalCharge)}</span> : <span />}
    </>
  );
}

/** One study's storage: its state in words and colour, and until when. */
function StorageCard({ storage }: { storage: StudyStorage }) {
  const { t, locale } = useI18n();
  const title = hospitalTerm(locale, storage.studyDescription || storage.modality);
  return (
    <article className={css.study} data-testid="storage-study" data-state={storage.state}>
      <div className={css.studyHead}>
        <span className={css.modality}>{storage.modality}</span>
        <h2 className={css.studyTitle}>
          {title}
        </h2>
        <span className={css.state[storage.state]}>{t(`storage.state.${storage.state}`)}</span>
      </div>
      <p className={css.meta}>{storage.studyDate}</p>
      <p className={css.until} data-testid="storage-until">
        {storage.state === 'permanent'
          ? t('storage.keptForGood')
          : storage.state === 'expired'
            ? t('storage.endedOn', { date: storage.expireDate ?? '' })
            : t('storage.keptUntil', { date: storage.expireDate ?? '', days: storage.daysLeft })}
      </p>
    </article>
  );
}

/** Every study's storage, soonest to end first: a tap anywhere on a study's card opens its plans. */
function AllStorage() {
  const { t } = useI18n();
  const { api } = useServices();
  const load = useCallback((_: Record<string, string>, signal: AbortSignal) => loadAllStorage(api, signal), [api]);
  const resource = useResource(load, NO_REQUEST);
  if (resource.isFailed) {
    return <StatusPage illustration="error" heading={t('storage.failed')} actions={<Button onClick={resource.retry}>{t('app.retry')}</Button>} />;
  }
  if (!resource.data) return <SkeletonList count={3} label={t('app.loading')} />;
  if (resource.data.studies.length === 0) return <StatusPage illustration="empty" heading={t('storage.noStudies')} />;
  return (
    <div className={css.page} data-testid="image-store-all">
      <p className={form.note}>{t('storage.intro')}</p>
      <ul className={ui.list}>
        {resource.data.studies.map((storage) => (
          <li key={storage.collectFilmId}>
            <Link className={tappableLink} to={studyPageHref(ROUTE.imageStore.path, storage.collectFilmId)} data-testid="storage-study-link">
              <StorageCard storage={storage} />
            </Link>
          </li>
        ))}
      </ul>
      <div className={css.links}>
        <Link className={form.textButton} to={ROUTE.storeOrder.path} data-testid="storage-orders-link">
          {t('storage.myOrders')}
        </Link>
      </div>
    </div>
  );
}

const NO_REQUEST = {};
