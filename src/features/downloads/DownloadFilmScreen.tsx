import { useId, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PACKAGE_FORMATS, PACKAGE_KEEP_DAYS, type PackageTask } from '../../shared/api/downloadSchemas';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { filmIdOf, ROUTE } from '../../shared/navigation/routes';
import { emailProblem } from '../../shared/rules/email';
import { emailProblemWords } from '../../shared/i18n/emailWords';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import * as form from '../../shared/views/form.css';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import { dateTime, desensitizeLabel, FORMAT_LABEL, FORMAT_NOTE, sizeInMb } from './downloadText';
import * as css from './downloads.css';
import { Facts, LinkedDownload, WeChatNote } from './ReceivedDownload';
import { usePackageTask, type PackageTaskScreenView } from './usePackageTask';
import { useFoundLinkToken } from './useLinkToken';
import { RadioChoices } from '../../shared/views/RadioChoices';
import { TEXT_FIELDS } from '../../shared/rules/text';

type View = PackageTaskScreenView;

/**
 * downloadFilm: `?id=` is the owner's package page (choose, pack, download or pass on);
 * `#token=` (the e-mailed link) is what someone received.
 */
export default function DownloadFilmScreen() {
  const { search } = useLocation();
  const found = useFoundLinkToken();
  const collectFilmId = filmIdOf(search);
  const { passes } = useServices();
  const { t } = useI18n();
  if (found) return <LinkedDownload key={found.token} found={found} />;
  if (!collectFilmId) {
    return (
      <StatusPage
        testId="download-no-study"
        illustration="empty"
        heading={t('download.noStudy')}
        text={t('download.noStudyText')}
        actions={<Link className={`${ui.button.primary} ${css.actionLink}`} to={ROUTE.myStudyList.path}>{t('route.myStudyList')}</Link>}
      />
    );
  }
  if (passes.isSharedView(collectFilmId)) {
    return <StatusPage testId="download-shared-only" illustration="empty" heading={t('download.sharedOnly')} text={t('download.sharedOnlyText')} />;
  }
  // Another study is another chart.
  return <OwnerPackage key={collectFilmId} collectFilmId={collectFilmId} />;
}

function OwnerPackage({ collectFilmId }: { collectFilmId: string }) {
  const { t } = useI18n();
  const view = usePackageTask(collectFilmId);
  return (
    <div className={css.page} data-testid="download-film" data-state={view.state} data-step={view.step}>
      {view.step === 'finding' && <SkeletonList count={2} label={t('app.loading')} />}
      {view.step === 'findFailed' && (
        <StatusPage
          testId="package-find-failed"
          illustration="error"
          heading={t('download.findFailed')}
          text={t('download.findFailedText')}
          actions={<Button onClick={view.retry} data-testid="package-retry">{t('app.retry')}</Button>}
        />
      )}
      {view.step === 'choosing' && <Choosing view={view} />}
      {view.step === 'packing' && <Packing view={view} />}
      {view.step === 'ready' && view.task && <Ready view={view} task={view.task} />}
      {view.step === 'failed' && <Failed view={view} />}
    </div>
  );
}

function Choosing({ view }: { view: View }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <>
      <section className={css.section} aria-labelledby={headingId}>
        <h2 id={headingId} className={css.heading}>{t('download.format.heading')}</h2>
        <RadioChoices
          options={PACKAGE_FORMATS}
          value={view.format}
          onChange={view.chooseFormat}
          label={{ by: headingId }}
          disabled={view.isRequesting}
          className={css.options}
          optionClassName={css.option}
          testId={(format) => `package-format-${format}`}
          renderOption={(format) => (
            <>
              <span className={css.optionTitle}>{t(FORMAT_LABEL[format])}</span>
              <span className={css.optionNote}>{t(FORMAT_NOTE[format])}</span>
            </>
          )}
        />
      </section>
      <section className={css.section}>
        <DesensitizeSwitch view={view} disabled={view.isRequesting} />
      </section>
      <section className={css.section}>
        {view.problem === 'offline' && !view.isRequesting && (
          <p className={css.problem} role="alert" data-testid="package-request-problem">{t('download.requestOffline')}</p>
        )}
        <Button className={css.wide} onClick={view.request} disabled={view.isRequesting} aria-busy={view.isRequesting} data-testid="package-request">
          {t(view.isRequesting ? 'download.requesting' : 'download.request')}
        </Button>
        <p className={css.muted}>{t('download.keepDays', { days: PACKAGE_KEEP_DAYS })}</p>
      </section>
    </>
  );
}

function DesensitizeSwitch({ view, disabled, extraNote }: { view: View; disabled: boolean; extraNote?: MessageKey }) {
  const { t } = useI18n();
  const noteId = useId();
  return (
    <>
      <label className={css.switchRow}>
        <span className={css.switchLabel}>{t('download.desensitize')}</span>
        <input
          type="checkbox"
          role="switch"
          className={css.switchInput}
          checked={view.desensitize}
          onChange={(event) => view.setDesensitize(event.target.checked)}
          disabled={disabled}
          aria-describedby={noteId}
          data-testid="package-desensitize"
        />
      </label>
      <p id={noteId} className={css.muted}>
        {t('download.desensitizeNote')}
        {extraNote && <> {t(extraNote)}</>}
      </p>
    </>
  );
}

/** The format and desensitize choice of a package, in words. */
function choiceOf(t: ReturnType<typeof useI18n>['t'], task: { format: PackageTask['format']; desensitize: boolean }): string {
  return `${t(FORMAT_LABEL[task.format])} · ${t(desensitizeLabel(task.desensitize))}`;
}

function Packing({ view }: { view: View }) {
  const { t } = useI18n();
  const percent = Math.round(view.progress);
  const labelId = useId();
  const queued = view.task?.state === 'queued';
  return (
    <>
      <section className={css.section} aria-labelledby={labelId} data-testid="package-packing">
        <h2 id={labelId} className={css.heading}>{t('download.packing')}</h2>
        <p className={css.muted}>{choiceOf(t, view)}</p>
        <div className={css.progressLine}>
          <span className={css.muted} aria-live="polite">{view.isChanging ? t('download.changing') : queued ? t('download.queued') : t('download.progressLabel')}</span>
          <span className={css.percent} data-testid="package-percent">{t('download.percent', { percent })}</span>
        </div>
        <div
          className={css.progressTrack}
          role="progressbar"
          aria-label={t('download.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('download.percent', { percent })}
          data-testid="package-progress"
        >
          <div className={css.progressBar} style={{ width: `${percent}%` }} />
        </div>
        <p className={css.note}>{t('download.leaveNote')}</p>
        {view.isStalled && (
          <>
            <p className={css.problem} role="alert" data-testid="package-stalled">{t('download.stalled')}</p>
            <Button onClick={view.retry} data-testid="package-retry">{t('app.retry')}</Button>
          </>
        )}
        {!view.isStalled && view.problem === 'offline' && (
          <p className={css.problem} role="alert" data-testid="package-change-problem">{t('download.changeOffline')}</p>
        )}
      </section>
      <section className={css.section}>
        <DesensitizeSwitch view={view} disabled={view.isChanging} extraNote="download.changeNote" />
      </section>
    </>
  );
}

function Ready({ view, task }: { view: View; task: PackageTask }) {
  const { t } = useI18n();
  const size = sizeInMb(task.sizeBytes);
  return (
    <>
      <section className={css.section} aria-labelledby="package-ready" data-testid="package-ready">
        <h2 id="package-ready" className={css.heading}>{t('download.ready')}</h2>
        <Facts
          facts={[
            ['download.fileName', task.fileName, 'name'],
            ['download.size', size && t('download.sizeMb', { size })],
            ['download.format', choiceOf(t, task)],
            ['download.expires', dateTime(task.expiresAt)],
          ]}
        />
        {task.fileUrl ? (
          <a className={`${ui.button.primary} ${css.linkButton}`} href={task.fileUrl} download={task.fileName ?? true} data-testid="package-download">
            {t('download.download')}
          </a>
        ) : (
          <p className={css.problem} data-testid="package-no-file">{t('download.noFile')}</p>
        )}
        <WeChatNote />
      </section>
      <section className={css.section} aria-labelledby="package-share">
        <h3 id="package-share" className={css.heading}>{t('download.shareHeading')}</h3>
        <CopyLink view={view} />
        <EmailForm view={view} />
      </section>
      <Button variant="secondary" className={css.wide} onClick={view.newPackage} data-testid="package-new">
        {t('download.another')}
      </Button>
    </>
  );
}

function CopyLink({ view }: { view: View }) {
  const { t } = useI18n();
  const fieldId = useId();
  return (
    <div className={form.field}>
      {view.link && (
        <>
          <label className={form.label} htmlFor={fieldId}>{t('download.linkLabel')}</label>
          <input
            id={fieldId}
            className={css.linkField}
            value={view.link.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            data-testid="package-link"
          />
        </>
      )}
      <Button variant="secondary" className={css.wide} onClick={view.copyLink} disabled={view.isFetchingLink} aria-busy={view.isFetchingLink} data-testid="package-copy-link">
        {t(view.isFetchingLink ? 'download.copyingLink' : 'download.copyLink')}
      </Button>
      <div aria-live="polite">
        {view.link && view.clipboard === 'copied' && <p className={form.success} data-testid="package-link-copied">{t('download.copied')}</p>}
        {view.link && view.clipboard === 'manual' && <p className={form.note} data-testid="package-link-manual">{t('download.copyManual')}</p>}
        {!view.link && !view.isFetchingLink && view.problem === 'offline' && (
          <p className={form.problem} role="alert" data-testid="package-link-problem">{t('download.linkOffline')}</p>
        )}
      </div>
    </div>
  );
}

const EMAIL_PROBLEM: Readonly<Record<NonNullable<View['emailProblem']>, MessageKey>> = {
  invalidEmail: 'download.emailInvalid',
  offline: 'download.emailOffline',
  refused: 'download.emailRefused',
};

/** A refused address says which part is wrong (the phone's rule and the server's 4203 are the same rule). */
function emailWords(problem: NonNullable<View['emailProblem']>, email: string): MessageKey {
  const part = problem === 'invalidEmail' ? emailProblem(email) : null;
  return part ? emailProblemWords[part] : EMAIL_PROBLEM[problem];
}

function EmailForm({ view }: { view: View }) {
  const { t } = useI18n();
  const inputId = useId();
  const problemId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The e-mail rule (spec §5) is the view's to apply; the chart takes what it found.
    view.sendEmail(emailProblem(view.email) === null ? null : 'invalidEmail');
  };
  return (
    <form className={form.field} onSubmit={submit} noValidate>
      <label className={form.label} htmlFor={inputId}>{t('download.emailLabel')}</label>
      <div className={form.row}>
        <input
          id={inputId}
          className={`${form.input} ${form.grow}`}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={TEXT_FIELDS.email.max}
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('download.emailPlaceholder')}
          value={view.email}
          onChange={(event) => view.editEmail(event.target.value.trim())}
          aria-invalid={view.emailProblem === 'invalidEmail'}
          aria-describedby={view.emailProblem ? problemId : undefined}
          disabled={view.isSendingEmail}
          data-testid="package-email"
        />
        <Button type="submit" disabled={view.isSendingEmail} aria-busy={view.isSendingEmail} data-testid="package-send-email">
          {t(view.isSendingEmail ? 'download.sending' : 'download.send')}
        </Button>
      </div>
      <div aria-live="polite">
        {view.emailProblem && (
          <p id={problemId} className={form.problem} role="alert" data-testid="package-email-problem">{t(emailWords(view.emailProblem, view.email))}</p>
        )}
        {!view.emailProblem && view.emailSentTo && (
          <p className={form.success} data-testid="package-email-sent">{t('download.emailSent', { email: view.emailSentTo })}</p>
        )}
      </div>
    </form>
  );
}

function Failed({ view }: { view: View }) {
  const { t } = useI18n();
  return (
    <StatusPage
      testId="package-failed"
      illustration="error"
      heading={t('download.failed')}
      text={view.task?.failure || t('download.failedUnknown')}
      actions={
        <>
          <Button onClick={view.retry} data-testid="package-retry">{t('app.retry')}</Button>
          <Button variant="secondary" onClick={view.newPackage} data-testid="package-new">{t('download.another')}</Button>
        </>
      }
    />
  );
}
