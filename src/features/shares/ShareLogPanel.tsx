import { Link } from 'react-router-dom';
import type { ConfirmedActionView } from '../../../machines/confirmedAction/confirmedAction.connect';
import { SHARE_LOG_MOST, type ShareLog, type ShareOpening } from '../../shared/api/shareSchemas';
import { hospitalTerm } from '../../shared/i18n/glossary';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { ROUTE } from '../../shared/navigation/routes';
import { formatDate } from '../../shared/rules/dates';
import { Button } from '../../shared/views/Button';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import { SkeletonList } from '../../shared/views/Skeleton';
import * as form from '../../shared/views/form.css';
import * as css from './shares.css';
import { shownShareState } from './shareState';
import { useShareLog } from './useShareLog';

const TIME = 'YYYY-MM-DD HH:mm';

/**
 * Who opened this share (issue 27 §4), on top of the share list when its address names one
 * (`?share=`, where the owner's notice links): each try at the access code with its time, device
 * and whether the code was right; the switch for the notices; revoke, through the list's own dialog.
 */
export function ShareLogPanel({ shareId, revoke, isLive }: { shareId: string; revoke: ConfirmedActionView; isLive: (shareId: string, state: ShareLog['share']['state']) => boolean }) {
  const { t } = useI18n();
  const { log, notify } = useShareLog(shareId);
  const answer = log.data;
  return (
    <section className={form.form} aria-labelledby="share-log-heading" data-testid="share-log" data-state={answer ? (answer.found ? 'ready' : 'notFound') : log.state}>
      <h2 id="share-log-heading" className={css.heading}>
        {t('shareLog.heading')}
      </h2>
      {log.isFailed ? (
        <>
          <p className={form.problem} role="alert">{t('shareLog.failed')}</p>
          <Button variant="secondary" onClick={log.retry}>{t('app.retry')}</Button>
        </>
      ) : !answer ? (
        <SkeletonList count={1} label={t('app.loading')} />
      ) : !answer.found ? (
        <p className={form.note} data-testid="share-log-missing">{t('shareLog.notFound')}</p>
      ) : (
        <Log log={answer.log} live={isLive(answer.log.share.shareId, answer.log.share.state)} revoke={revoke} notify={notify} />
      )}
      <Link className={css.allShares} to={ROUTE.shareList.path} data-testid="share-log-close">
        {t('shareLog.allShares')}
      </Link>
      {notify.isConfirming && answer?.found && (
        <ConfirmDialog
          testId="share-notify-dialog"
          message={t(answer.log.notify ? 'shareLog.offConfirm' : 'shareLog.onConfirm')}
          confirmLabel={t(answer.log.notify ? 'shareLog.offYes' : 'shareLog.onYes')}
          dismissLabel={t('shareLog.keep')}
          onConfirm={notify.confirm}
          onDismiss={notify.dismiss}
        />
      )}
    </section>
  );
}

function Log({ log, live, revoke, notify }: { log: ShareLog; live: boolean; revoke: ConfirmedActionView; notify: ConfirmedActionView }) {
  const { t, locale } = useI18n();
  const { share } = log;
  const title = hospitalTerm(locale, share.studyDescription || share.modality);
  return (
    <>
      <p className={css.meta} data-testid="share-log-study">
        {[title, share.studyDate, t(`share.state.${shownShareState(share.state, live)}`)].join(' · ')}
      </p>
      <p className={css.logTotals} data-testid="share-log-totals">
        {t('shareLog.totals', { right: log.rightTotal, wrong: log.wrongTotal })}
      </p>
      {/* A share that no longer opens has nothing more to tell. */}
      {live && (
        <div className={css.notifyRow} data-testid="share-notify" data-notify={log.notify}>
          <p className={css.notifyText}>{t(log.notify ? 'shareLog.notifyOn' : 'shareLog.notifyOff')}</p>
          <Button variant="secondary" onClick={() => notify.ask({ id: share.shareId, setTo: !log.notify })} disabled={notify.isBusy} data-testid="share-notify-switch">
            {t(log.notify ? 'shareLog.turnOff' : 'shareLog.turnOn')}
          </Button>
        </div>
      )}
      {log.openings.length === 0 ? (
        <p className={form.note} data-testid="share-log-empty">{t('shareLog.none')}</p>
      ) : (
        <ol className={css.openings} data-testid="share-openings" aria-label={t('shareLog.listLabel')}>
          {log.openings.map((opening, index) => (
            <Opening key={`${opening.openedAt}-${index}`} opening={opening} />
          ))}
        </ol>
      )}
      {log.rightTotal + log.wrongTotal > SHARE_LOG_MOST && <p className={css.meta}>{t('shareLog.latestOnly', { count: SHARE_LOG_MOST })}</p>}
      {live && (
        <Button variant="danger" onClick={() => revoke.ask({ id: share.shareId })} disabled={revoke.isBusy} data-testid="share-log-revoke">
          {t('shareLog.revoke')}
        </Button>
      )}
    </>
  );
}

function Opening({ opening }: { opening: ShareOpening }) {
  const { t } = useI18n();
  return (
    <li className={css.opening} data-testid="share-opening" data-code-right={opening.codeRight}>
      <span className={css.openingTime}>{formatDate(opening.openedAt, TIME)}</span>
      <span className={css.openingDevice}>{t(`shareLog.device.${opening.device}`)}</span>
      <span className={css.openingResult[opening.codeRight ? 'right' : 'wrong']}>{t(opening.codeRight ? 'shareLog.codeRight' : 'shareLog.codeWrong')}</span>
    </li>
  );
}
