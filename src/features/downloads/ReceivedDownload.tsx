import { useCallback } from 'react';
import type { LinkTokenInput } from '../../../machines/linkToken/linkToken.types';
import type { PackageTask } from '../../shared/api/downloadSchemas';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { isWeChat } from '../../shared/platform/wechat';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import { loadReceived, type Received } from './downloadCalls';
import { dateTime, desensitizeLabel, FORMAT_LABEL, sizeInMb } from './downloadText';
import * as css from './downloads.css';
import { useLinkToken } from './useLinkToken';
import { hospitalTerm } from '../../shared/i18n/glossary';

/** The download a link's token opens (the linkToken chart moves a token out of the query first). */
export function LinkedDownload({ found }: { found: LinkTokenInput }) {
  const token = useLinkToken(found);
  return <ReceivedDownload key={token} token={token} />;
}

/**
 * What someone who received a download link (copied, or from the e-mail) finds: the study, the
 * package and a Download button; an expired or unknown link says so plainly and whom to ask.
 */
export function ReceivedDownload({ token }: { token: string }) {
  const { t } = useI18n();
  const { api } = useServices();
  const load = useCallback((request: { token: string }, signal: AbortSignal) => loadReceived(api, request.token, signal), [api]);
  // Quiet: a public page answers its own failures here, with a retry, rather than on the error page.
  const view = useResource<Received, { token: string }>(load, { token }, { quiet: true });
  if (view.isFailed) {
    return (
      <StatusPage
        testId="download-link-failed"
        illustration="error"
        heading={t('download.loadFailed')}
        text={t('download.loadFailedText')}
        actions={<Button onClick={view.retry}>{t('app.retry')}</Button>}
      />
    );
  }
  const data = view.data;
  if (!data) return <SkeletonList count={1} label={t('app.loading')} />;
  if (data.kind === 'expired') {
    return <StatusPage testId="download-link-expired" illustration="empty" heading={t('download.expired')} text={t('download.expiredText')} />;
  }
  if (data.kind === 'unknown') {
    return <StatusPage testId="download-link-unknown" illustration="empty" heading={t('download.unknown')} text={t('download.unknownText')} />;
  }
  // "Check again" on a package being made again loads it once more (the resource chart's RELOAD).
  return <ReceivedPackage task={data.task} checkAgain={view.reload} />;
}

function ReceivedPackage({ task, checkAgain }: { task: PackageTask; checkAgain: () => void }) {
  const { t, locale } = useI18n();
  const size = sizeInMb(task.sizeBytes);
  const facts: [MessageKey, string | null | undefined][] = [
    ['download.date', task.studyDate],
    ['download.modality', task.modality],
    ['download.hospital', task.hospitalName],
    ['download.format', t(FORMAT_LABEL[task.format])],
    ['download.personal', t(desensitizeLabel(task.desensitize))],
    ['download.size', size && t('download.sizeMb', { size })],
    ['download.expires', dateTime(task.expiresAt)],
  ];
  return (
    <div className={css.page} data-testid="download-received" data-task-state={task.state}>
      <section className={css.section} aria-labelledby="received-title">
        <p className={css.muted}>{t('download.received')}</p>
        <h2 id="received-title" className={css.title}>{hospitalTerm(locale, task.studyDescription || task.modality)}</h2>
        <Facts facts={facts} />
      </section>
      <section className={css.section}>
        {task.fileUrl ? (
          <>
            <a className={`${ui.button.primary} ${css.linkButton}`} href={task.fileUrl} download={task.fileName ?? true} data-testid="received-download">
              {t('download.download')}
            </a>
            <WeChatNote>{t('download.wechatReceivedNote')}</WeChatNote>
          </>
        ) : task.state === 'failed' ? (
          <p className={css.problem} role="alert" data-testid="received-failed">{t('download.receivedFailed')}</p>
        ) : (
          <>
            <p className={css.text} aria-live="polite" data-testid="received-not-ready">{t('download.notReady', { percent: task.progress })}</p>
            <Button variant="secondary" onClick={checkAgain} data-testid="received-check-again">{t('download.checkAgain')}</Button>
          </>
        )}
      </section>
    </div>
  );
}

/** Label and value pairs; a missing value is left out. */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  const { t } = useI18n();
  return (
    <dl className={css.facts}>
      {facts
        .filter((fact): fact is [MessageKey, string, FactKind?] => Boolean(fact[1]))
        .map(([name, value, kind]) => (
          <div key={name} className={css.factLine}>
            <dt className={css.factName}>{t(name)}</dt>
            {kind === 'name' ? (
              // The file's own name, as the hospital's system made it and the phone will save it: not translated.
              <dd className={css.factValue} translate="no" data-authored="hospital">{value}</dd>
            ) : (
              <dd className={css.factValue}>{value}</dd>
            )}
          </div>
        ))}
    </dl>
  );
}

/** `name`: a name the hospital's system gave (a file's), shown as it is in either language. */
type FactKind = 'name';
type Fact = readonly [MessageKey, string | null | undefined, FactKind?];

/** Inside WeChat a download cannot be saved: say how to get the file instead. */
export function WeChatNote({ children }: { children?: string }) {
  const { t } = useI18n();
  if (!isWeChat(navigator.userAgent)) return null;
  return <p className={css.warningNote} role="note" data-testid="package-wechat-note">{children ?? t('download.wechatNote')}</p>;
}
