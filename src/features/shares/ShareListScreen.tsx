import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import type { ConfirmedActionView } from '../../../machines/confirmedAction/confirmedAction.connect';
import type { ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import { SHARE_DAYS, type Share } from '../../shared/api/shareSchemas';
import { useConfirmedAction } from '../../shared/charts/useConfirmedAction';
import { hospitalTerm } from '../../shared/i18n/glossary';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { usePagedList } from '../../shared/list/usePagedList';
import { filmIdOf } from '../../shared/navigation/routes';
import { formatDate } from '../../shared/rules/dates';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import * as form from '../../shared/views/form.css';
import * as ui from '../../shared/views/ui.css';
import { loadSharePage, revokeShare } from './shareCalls';
import { ShareQr } from './ShareQr';
import * as css from './shares.css';
import { useShare, type ShareView } from './useShare';
import { RadioChoices } from '../../shared/views/RadioChoices';
import { isLiveShare, shownShareState } from './shareState';
import { ShareLogPanel } from './ShareLogPanel';
import { shareLogHref, shareLogIdOf } from '../../shared/navigation/shareLogLink';
import { Link } from 'react-router-dom';

const shareListMachine = createPagedListMachine<Share, null>();

const TIME = 'YYYY-MM-DD HH:mm';

/**
 * shareList (signed in): my shares, newest first, each with its state, openings and codes, and a
 * revoke for the active ones. From a study's Share entry (`?id=`) a panel on top makes a new share.
 */
export default function ShareListScreen() {
  const { search } = useLocation();
  const collectFilmId = filmIdOf(search);
  const logShareId = shareLogIdOf(search);
  const { api } = useServices();
  const { t } = useI18n();
  const load = useCallback(
    ({ page, pageSize }: LoadRequest<null>, signal: AbortSignal) => loadSharePage(api, { pageIndex: page, pageLength: pageSize }, signal),
    [api],
  );
  const list = usePagedList({ machine: shareListMachine, filter: null, load });
  const act = useCallback((item: ActionItem) => revokeShare(api, item.id), [api]);
  const revoke = useConfirmedAction(act, list.refresh);
  return (
    <div className={css.page} data-testid="share-list-page">
      {collectFilmId && (
        <SharePanel
          key={collectFilmId}
          collectFilmId={collectFilmId}
          refreshList={list.refresh}
          // Revoked from the list below (just now, or as the list says): nothing of it stays up here.
          isLive={(shareId) => isLiveShare(shareId, list.items.find((row) => row.shareId === shareId)?.state, revoke.lastDoneId)}
        />
      )}
      {logShareId && (
        <ShareLogPanel
          key={logShareId}
          shareId={logShareId}
          revoke={revoke}
          isLive={(shareId, state) => isLiveShare(shareId, state, revoke.lastDoneId)}
        />
      )}
      <section className={css.page} aria-labelledby={collectFilmId || logShareId ? 'share-list-heading' : undefined}>
        {(collectFilmId || logShareId) && (
          <h2 id="share-list-heading" className={css.listHeading}>
            {t('share.listHeading')}
          </h2>
        )}
        <PagedList testId="share-list" list={list} itemKey={(share) => share.shareId} renderItem={(share) => <ShareRow share={share} revoke={revoke} live={isLiveShare(share.shareId, share.state, revoke.lastDoneId)} />} />
      </section>
      {revoke.isConfirming && (
        <ConfirmDialog
          testId="revoke-dialog"
          message={t('share.revokeConfirm')}
          confirmLabel={t('share.revokeYes')}
          dismissLabel={t('share.revokeNo')}
          onConfirm={revoke.confirm}
          onDismiss={revoke.dismiss}
        />
      )}
    </div>
  );
}

function SharePanel({ collectFilmId, refreshList, isLive }: { collectFilmId: string; refreshList: () => void; isLive: (shareId: string) => boolean }) {
  const view = useShare(collectFilmId, refreshList);
  const { share } = view;
  return (
    <section className={form.form} aria-labelledby="share-panel-heading" data-testid="share-panel" data-state={view.state}>
      {!share ? <Choosing view={view} /> : isLive(share.shareId) ? <Created view={view} share={share} /> : <Revoked view={view} />}
    </section>
  );
}

function Choosing({ view }: { view: ShareView }) {
  const { t } = useI18n();
  return (
    <>
      <h2 id="share-panel-heading" className={css.heading}>
        {t('share.newHeading')}
      </h2>
      <p className={form.note}>{t('share.intro')}</p>
      <div className={form.field}>
        <span id="share-days-label" className={form.label}>
          {t('share.daysLabel')}
        </span>
        <RadioChoices
          options={SHARE_DAYS}
          value={view.days}
          onChange={view.chooseDays}
          label={{ by: 'share-days-label' }}
          disabled={view.isCreating}
          testId={(days) => `share-days-${days}`}
          renderOption={(days) => t(`share.days.${days}`)}
        />
      </div>
      {view.problem && (
        <p className={form.problem} role="alert" data-testid="share-create-problem" data-problem={view.problem}>
          {t(view.problem === 'refused' ? 'share.problem.refused' : 'share.problem.offline')}
        </p>
      )}
      <Button onClick={view.create} disabled={view.isCreating} aria-busy={view.isCreating} data-testid="share-create">
        {t(view.isCreating ? 'share.creating' : 'share.create')}
      </Button>
    </>
  );
}

/** The share just made was revoked: nothing of its link or codes stays, and a new one is a tap away. */
function Revoked({ view }: { view: ShareView }) {
  const { t } = useI18n();
  return (
    <div className={css.created} data-testid="share-revoked">
      <h2 id="share-panel-heading" className={css.heading}>
        {t('share.revokedHeading')}
      </h2>
      <p className={form.note}>{t('share.revokedText')}</p>
      <ShareAgain view={view} />
    </div>
  );
}

function ShareAgain({ view }: { view: ShareView }) {
  const { t } = useI18n();
  return (
    <Button variant="secondary" onClick={view.again} data-testid="share-again">
      {t('share.again')}
    </Button>
  );
}

function Created({ view, share }: { view: ShareView; share: Share }) {
  const { t } = useI18n();
  return (
    <div className={css.created}>
      <h2 id="share-panel-heading" className={css.heading}>
        {t('share.createdHeading')}
      </h2>
      <p className={form.note} data-testid="share-valid-until">
        {t('share.validUntil', { date: formatDate(share.expiresAt, TIME) })}
      </p>
      <div className={css.codeBlock}>
        <span className={form.label}>{t('share.accessCode')}</span>
        <p className={css.accessCode} data-testid="share-access-code">
          {share.accessCode}
        </p>
      </div>
      <ShareQr text={share.url} label={t('share.qrLabel')} testId="share-qr" />
      <div className={form.field}>
        <span className={form.label}>{t('share.link')}</span>
        <p className={css.url} data-testid="share-url">
          {share.url}
        </p>
      </div>
      <Button onClick={view.copy} data-testid="share-copy" data-copied={view.copied}>
        {t(view.copied ? 'share.copied' : 'share.copy')}
      </Button>
      {/* What to do with what the button copies (the link and the access code together). */}
      <p className={css.hint} data-testid="share-copy-hint">
        {t('share.copyHint')}
      </p>
      <span className={ui.visuallyHidden} aria-live="polite">
        {view.copied ? t('share.copiedAnnounce') : ''}
      </span>
      {view.card === 'ready' && (
        <p className={css.hint} data-testid="share-wechat-hint">
          {t('share.wechatHint')}
        </p>
      )}
      <ShareAgain view={view} />
    </div>
  );
}

/** `live`: the share still opens; a revoked or expired one shows no code to copy or pass on. */
function ShareRow({ share, revoke, live }: { share: Share; revoke: ConfirmedActionView; live: boolean }) {
  const { t, locale } = useI18n();
  const title = hospitalTerm(locale, share.studyDescription || share.modality);
  return (
    <article className={css.row} data-testid="share-row" data-share-state={share.state} data-code={share.code}>
      <div className={css.rowHead}>
        <span className={css.modality}>{share.modality}</span>
        <h3 className={css.rowTitle}>{title}</h3>
        <span className={css.state[shownShareState(share.state, live)]} data-testid="share-state">
          {t(`share.state.${shownShareState(share.state, live)}`)}
        </span>
      </div>
      <p className={css.meta}>{[share.patientName, share.studyDate, share.hospitalName].filter(Boolean).join(' · ')}</p>
      <dl className={css.facts}>
        <dt className={css.factName}>{t('share.createdAt')}</dt>
        <dd className={css.factValue}>{formatDate(share.createdAt, TIME)}</dd>
        <dt className={css.factName}>{t('share.expiresAt')}</dt>
        <dd className={css.factValue}>{formatDate(share.expiresAt, TIME)}</dd>
        {live && (
          <>
            <dt className={css.factName}>{t('share.codeName')}</dt>
            <dd className={`${css.factValue} ${css.codes}`} data-testid="share-codes">
              {t('share.codesValue', { code: share.code, accessCode: share.accessCode })}
            </dd>
          </>
        )}
      </dl>
      <p className={css.meta} data-testid="share-opens">
        {[t('share.opens', { count: share.openCount }), share.lastOpenedAt && t('share.lastOpened', { time: formatDate(share.lastOpenedAt, TIME) })]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className={css.rowActions}>
        <Link className={css.logLink} to={shareLogHref(share.shareId)} aria-label={t('shareLog.linkLabel', { study: title })} data-testid="share-log-link">
          {t('shareLog.link')}
        </Link>
        {live && (
          <button
            type="button"
            className={css.revoke}
            onClick={() => revoke.ask({ id: share.shareId })}
            disabled={revoke.isBusy}
            aria-label={t('share.revokeLabel', { study: title })}
            data-testid="share-revoke"
          >
            {t('share.revoke')}
          </button>
        )}
      </div>
    </article>
  );
}
