import type { FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ShareRefusal } from '../../../machines/shareOpen/shareOpen.types';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { ROUTE } from '../../shared/navigation/routes';
import { formatDate } from '../../shared/rules/dates';
import { Busy } from '../../shared/views/Busy';
import { Button } from '../../shared/views/Button';
import * as form from '../../shared/views/form.css';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import { accessCodeIn } from '../../shared/rules/shareText';
import { accessCodeProblem, cleanAccessCode } from './shareForm';
import * as css from './shares.css';
import { handedAccessCode, useShareEntry } from './useShareEntry';
import { useShareOpen, type ShareOpenScreenView } from './useShareOpen';

/** The share code of the address (`/shareCode?code=`), or null. */
const codeOf = (search: string) => new URLSearchParams(search).get('code')?.trim() || null;

/**
 * shareCode (public): whose share it is and until when, then the access code; the right one opens
 * the shared study read-only. Without a code in the address, a box for what was sent: the copied
 * link and access code (opened at once), a message around them, or the code alone.
 */
export default function ShareCodeScreen() {
  const location = useLocation();
  const code = codeOf(location.search);
  // Another code is another chart: nothing of the last share shows while the next loads.
  return code ? <ShareOpen key={code} code={code} accessCode={handedAccessCode(location.state)} /> : <CodeEntry />;
}

/** No code in the address: the box takes what was sent (link and access code, a message, the code alone). */
function CodeEntry() {
  const { t } = useI18n();
  const view = useShareEntry();
  const missing = view.problem === 'codeMissing';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.go();
  };
  return (
    <form className={form.form} onSubmit={submit} noValidate data-testid="share-code-entry" data-state={view.state}>
      <h2 className={css.heading}>{t('share.enterHeading')}</h2>
      <p className={form.note}>{t('share.pasteIntro')}</p>
      <label className={form.field}>
        <span className={form.label}>{t('share.pasteLabel')}</span>
        <textarea
          className={css.pasteBox}
          value={view.text}
          onChange={(event) => view.type(event.target.value)}
          rows={3}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={missing ? 'true' : undefined}
          aria-describedby={missing ? 'share-code-missing' : undefined}
          data-testid="share-code-input"
        />
      </label>
      {missing && (
        <p id="share-code-missing" className={form.problem} role="alert" data-testid="share-code-problem">
          {t('share.codeMissing')}
        </p>
      )}
      <Button type="submit" disabled={view.isOpening} data-testid="share-code-go">
        {t('share.go')}
      </Button>
    </form>
  );
}

const REFUSAL: Record<ShareRefusal, { heading: MessageKey; text: MessageKey }> = {
  notFound: { heading: 'share.refused.notFound', text: 'share.refusedText.notFound' },
  expired: { heading: 'share.refused.expired', text: 'share.refusedText.expired' },
  revoked: { heading: 'share.refused.revoked', text: 'share.refusedText.revoked' },
};

function ShareOpen({ code, accessCode }: { code: string; accessCode: string | null }) {
  const { t } = useI18n();
  const view = useShareOpen(code, accessCode);
  if (view.refusal) {
    const words = REFUSAL[view.refusal];
    return (
      <div data-testid="share-refused" data-refusal={view.refusal}>
        <StatusPage
          illustration={view.refusal === 'notFound' ? 'empty' : 'stop'}
          heading={t(words.heading)}
          text={t(words.text)}
          actions={
            // A code typed wrong is worth typing again; an expired or revoked share has nothing more here.
            view.refusal === 'notFound' && (
              <Link className={ui.button.secondary} to={ROUTE.shareCode.path} data-testid="share-code-again">
                {t('share.codeAgain')}
              </Link>
            )
          }
        />
      </div>
    );
  }
  if (view.previewFailed) {
    return (
      <StatusPage
        testId="share-preview-failed"
        illustration="offline"
        heading={t('share.previewFailed')}
        text={t('share.previewFailedText')}
        actions={<Button onClick={view.retry}>{t('app.retry')}</Button>}
      />
    );
  }
  if (view.isOpened) return <Busy label={t('share.opening')} />;
  const preview = view.preview;
  if (view.isPreviewing || !preview) {
    return (
      <div className={css.previewSkeleton} aria-busy="true" aria-label={t('app.loading')} data-testid="share-preview-loading">
        <div className={ui.skeletonLine} style={{ width: '70%' }} />
        <div className={ui.skeletonLine} style={{ width: '50%' }} />
        <div className={ui.skeletonLine} style={{ width: '60%', marginBottom: 0 }} />
      </div>
    );
  }
  return (
    <div className={css.page} data-testid="share-code" data-state={view.state}>
      <section className={css.preview} aria-labelledby="share-preview-lead" data-testid="share-preview">
        <p id="share-preview-lead" className={css.previewLead}>
          {t('share.sharedBy', { name: preview.sharedByMasked })}
        </p>
        <p className={css.previewLine}>{preview.hospitalName}</p>
        <p className={css.previewLine} data-testid="share-preview-until">
          {t('share.openUntil', { date: formatDate(preview.expiresAt, 'YYYY-MM-DD HH:mm') })}
        </p>
        <p className={css.previewLine}>{t('share.codeLine', { code: preview.code })}</p>
      </section>
      <AccessCodeForm view={view} />
      <p className={form.note}>{t('share.readOnly')}</p>
    </div>
  );
}

const PROBLEM: Record<'codeIncomplete' | 'codeWrong' | 'offline' | 'locked', MessageKey> = {
  codeIncomplete: 'share.problem.codeIncomplete',
  codeWrong: 'share.problem.codeWrong',
  offline: 'share.problem.openOffline',
  locked: 'share.problem.locked',
};

function AccessCodeForm({ view }: { view: ShareOpenScreenView }) {
  const { t } = useI18n();
  const problem = view.isLocked ? 'locked' : view.problem;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.open(accessCodeProblem(view.accessCode));
  };
  return (
    <form className={form.form} onSubmit={submit} noValidate>
      <label className={form.field}>
        <span className={form.label}>{t('share.accessCodeLabel')}</span>
        <input
          className={form.codeInput}
          value={view.accessCode}
          // The whole copied text pasted here gives its access code, not the digits of its link.
          onChange={(event) => view.enter(accessCodeIn(event.target.value) ?? cleanAccessCode(event.target.value))}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          // Read-only, not disabled, while the code is checked or refused for a while: the keyboard stays.
          readOnly={!view.canOpen}
          aria-invalid={problem && problem !== 'offline' ? 'true' : undefined}
          aria-describedby={problem ? 'share-open-problem' : undefined}
          data-testid="share-access-input"
        />
      </label>
      {problem && (
        <p id="share-open-problem" className={form.problem} role="alert" data-testid="share-open-problem" data-problem={problem}>
          {t(PROBLEM[problem], { count: view.attemptsLeft ?? 0, minutes: Math.max(1, Math.ceil((view.retryAfterSeconds ?? 0) / 60)) })}
        </p>
      )}
      <Button type="submit" disabled={!view.canOpen} aria-busy={view.isOpening} data-testid="share-open">
        {t(view.isOpening ? 'share.opening' : 'share.open')}
      </Button>
    </form>
  );
}
