import type { FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import type { CollectField, CollectProblem } from '../../../machines/collect/collect.types';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey, Translate } from '../../shared/i18n/translate';
import { COLLECT_METHODS } from '../../shared/api/collectSchemas';
import { Button } from '../../shared/views/Button';
import { RadioChoices } from '../../shared/views/RadioChoices';
import * as form from '../../shared/views/form.css';
import * as css from './collect.css';
import { codeProblem, formProblem } from './collectForm';
import { useCollect, type CollectMode } from './useCollect';
import { useCountdown } from './useCountdown';
import { TEXT_FIELDS } from '../../shared/rules/text';
import type { FamilyRelation } from '../../shared/api/familySchemas';
import { addingRelationOf } from '../../shared/navigation/familyLinks';

type Collect = ReturnType<typeof useCollect>;

/** The film bag's code, from its QR code (the selfhelp redirect) or a link. */
const bagCodeOf = (search: string) => new URLSearchParams(search).get('code')?.trim() || null;

/** newCheck (public): say who you are and get an SMS code; then the verification page. */
export function NewCheckScreen() {
  return <CollectPage mode="guest" step="identify" />;
}

/** verification (public): type the SMS code; without a code sent, back to newCheck. */
export function VerificationScreen() {
  return <CollectPage mode="guest" step="verify" />;
}

/**
 * addFilm: a signed-in patient adds a study to my images the same way, both steps on one page; with
 * `?family=parent` (or child) they add a family member with the same proof (issue 27 §2).
 */
export function AddFilmScreen() {
  const relation = addingRelationOf(useLocation().search);
  return relation ? <CollectPage key={relation} mode="family" step="identify" relation={relation} /> : <CollectPage mode="addFilm" step="identify" />;
}

function CollectPage({ mode, step, relation }: { mode: CollectMode; step: 'identify' | 'verify'; relation?: FamilyRelation }) {
  const { search } = useLocation();
  const view = useCollect({ mode, step, bagCode: bagCodeOf(search), relation });
  return (
    <div className={css.page} data-testid="collect" data-state={view.state}>
      {view.step === 'verify' ? <CodeStep view={view} /> : <IdentifyStep view={view} mode={mode} />}
    </div>
  );
}

const INTRO: Record<CollectMode, MessageKey> = { guest: 'collect.intro', addFilm: 'collect.introAdd', family: 'family.introAdd' };

const PROBLEM_KEYS: Record<CollectProblem, MessageKey> = {
  familySelf: 'collect.problem.familySelf',
  familyAlready: 'collect.problem.familyAlready',
  invalidId: 'collect.problem.invalidId',
  invalidName: 'collect.problem.invalidName',
  invalidPhone: 'collect.problem.invalidPhone',
  captchaMissing: 'collect.problem.captchaMissing',
  codeIncomplete: 'collect.problem.codeIncomplete',
  captchaWrong: 'collect.problem.captchaWrong',
  captchaExpired: 'collect.problem.captchaExpired',
  identityNotFound: 'collect.problem.identityNotFound',
  bagUnknown: 'collect.problem.bagUnknown',
  codeWrong: 'collect.problem.codeWrong',
  codeExpired: 'collect.problem.codeExpired',
  tooManyAttempts: 'collect.problem.tooManyAttempts',
  resendTooSoon: 'collect.problem.resendTooSoon',
  tooManySends: 'collect.problem.tooManySends',
  verificationGone: 'collect.problem.verificationGone',
  rateLimited: 'collect.problem.rateLimited',
  offline: 'collect.problem.offline',
};

/** A wait in words: whole minutes beyond a minute, else seconds. */
function waitWords(t: Translate, seconds: number): string {
  return seconds > 60 ? t('collect.wait.minutes', { minutes: Math.ceil(seconds / 60) }) : t('collect.wait.seconds', { seconds });
}

/** Which field a problem is about, to mark it invalid. */
const FIELD_OF: Partial<Record<CollectProblem, CollectField>> = {
  invalidId: 'idCard',
  identityNotFound: 'idCard',
  invalidName: 'name',
  invalidPhone: 'phone',
  captchaMissing: 'captchaText',
  captchaWrong: 'captchaText',
  captchaExpired: 'captchaText',
};

function Problem({ view }: { view: Collect }) {
  const { t } = useI18n();
  if (!view.problem) return null;
  return (
    <p className={form.problem} role="alert" data-testid="collect-problem" data-problem={view.problem}>
      {t(PROBLEM_KEYS[view.problem], {
        count: view.attemptsLeft ?? 0,
        minutes: Math.ceil((view.retryAfterSeconds ?? 0) / 60),
        seconds: view.retryAfterSeconds ?? 0,
        wait: waitWords(t, view.retryAfterSeconds ?? 0),
      })}
    </p>
  );
}

/** The film bag's study once the identity check let it be read; before that, only that there is a bag. */
function Bag({ view }: { view: Collect }) {
  const { t } = useI18n();
  if (view.bag) {
    return (
      <section className={css.bag} aria-label={t('collect.bag')} data-testid="collect-bag">
        <p className={css.bagTitle}>{view.bag.studyDescription}</p>
        <p className={css.bagLine}>{[view.bag.studyDate, view.bag.modality, view.bag.patientNameMasked].join(' · ')}</p>
        <p className={css.bagLine}>{view.bag.hospitalName}</p>
      </section>
    );
  }
  if (!view.bagPending) return null;
  return (
    <p className={css.bagLine} data-testid="collect-bag-pending">
      {t('collect.bagPending')}
    </p>
  );
}

function IdentifyStep({ view, mode }: { view: Collect; mode: CollectMode }) {
  const { t } = useI18n();
  const invalid = (field: CollectField) => (view.problem !== null && FIELD_OF[view.problem] === field) || undefined;
  const input = (field: CollectField) => ({
    className: form.input,
    value: view.fields[field],
    onChange: (event: { target: { value: string } }) => view.edit(field, event.target.value),
    readOnly: !view.canType,
    'aria-invalid': invalid(field),
    'data-testid': `collect-${field}`,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.send(formProblem(view.method, view.fields));
  };
  return (
    <>
      <p className={css.intro}>{t(INTRO[mode])}</p>
      <Bag view={view} />
      <form className={form.form} onSubmit={submit} noValidate>
        {/* A family member is proved by their national ID alone (issue 27 §2). */}
        {mode !== 'family' && <RadioChoices
          options={COLLECT_METHODS}
          value={view.method}
          onChange={view.chooseMethod}
          disabled={!view.canType}
          label={{ text: t('collect.method') }}
          testId={(method) => `collect-method-${method}`}
          renderOption={(method) => t(method === 'nationalId' ? 'collect.byId' : 'collect.byNamePhone')}
        />}
        {view.method === 'nationalId' ? (
          <label className={form.field}>
            <span className={form.label}>{t('collect.idCard')}</span>
            <input {...input('idCard')} inputMode="text" autoComplete="off" maxLength={TEXT_FIELDS.nationalId.max} placeholder={t('collect.idCardHint')} />
          </label>
        ) : (
          <>
            <label className={form.field}>
              <span className={form.label}>{t('collect.name')}</span>
              <input {...input('name')} autoComplete="name" maxLength={TEXT_FIELDS.patientName.max} />
            </label>
            <label className={form.field}>
              <span className={form.label}>{t('collect.phone')}</span>
              <input {...input('phone')} inputMode="numeric" autoComplete="tel" maxLength={TEXT_FIELDS.phone.max} />
            </label>
          </>
        )}
        <div className={form.field}>
          <label className={form.label} htmlFor="collect-captcha">{t('collect.captcha')}</label>
          <div className={form.row}>
            <input {...input('captchaText')} id="collect-captcha" className={`${form.input} ${form.grow}`} autoComplete="off" autoCapitalize="characters" maxLength={4} />
            <button
              type="button"
              className={css.captcha}
              onClick={view.captchaFailed ? view.retryCaptcha : view.newCaptcha}
              aria-label={t('collect.newCaptcha')}
              disabled={view.captchaLoading}
              data-testid="collect-captcha-image"
              data-captcha-id={view.captcha?.captchaId ?? ''}
            >
              {view.captchaFailed ? t('collect.captchaFailed') : view.captcha && !view.captchaLoading ? <img className={css.captchaImage} src={view.captcha.image} alt={t('collect.captchaAlt')} /> : t('app.loading')}
            </button>
          </div>
        </div>
        <Problem view={view} />
        <Button type="submit" disabled={view.isBusy} className={css.wide} data-testid="collect-send">
          {view.canType ? t('collect.send') : t('collect.sending')}
        </Button>
        <p className={form.note}>{t('collect.privacy')}</p>
      </form>
    </>
  );
}

function CodeStep({ view }: { view: Collect }) {
  const { t } = useI18n();
  const left = useCountdown(view.isCooling, view.resendWaitSeconds);
  const length = view.sent?.codeLength ?? 6;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.submit(codeProblem(view.code, length));
  };
  if (view.isLocked) {
    return (
      <section className={form.form} data-testid="collect-locked">
        <Problem view={view} />
        <Button onClick={view.startOver} data-testid="collect-start-over">{t('collect.startOver')}</Button>
      </section>
    );
  }
  return (
    <form className={form.form} onSubmit={submit} noValidate>
      <Bag view={view} />
      <p className={css.sentTo} data-testid="collect-sent-to">{t('collect.sentTo', { phone: view.sent?.phoneMasked ?? '' })}</p>
      <label className={form.field}>
        <span className={form.label}>{t('collect.code', { length })}</span>
        <input
          className={form.codeInput}
          value={view.code}
          onChange={(event) => view.enterCode(event.target.value.replace(/\D/g, '').slice(0, length))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={length}
          aria-invalid={view.problem === 'codeWrong' || view.problem === 'codeExpired' || view.problem === 'codeIncomplete' || undefined}
          data-testid="collect-code"
        />
      </label>
      <Problem view={view} />
      <Button type="submit" disabled={!view.canSubmit} className={css.wide} data-testid="collect-verify">
        {view.isBusy ? t('collect.verifying') : t('collect.verify')}
      </Button>
      <div className={css.resendRow}>
        <button type="button" className={form.textButton} onClick={view.resend} disabled={!view.canResend} data-testid="collect-resend">
          {view.outOfSends ? t('collect.noMoreCodes') : view.isResending ? t('collect.sending') : left > 0 ? t('collect.resendIn', { wait: waitWords(t, left) }) : t('collect.resend')}
        </button>
        <button type="button" className={form.textButton} onClick={view.startOver} data-testid="collect-change">
          {t('collect.change')}
        </button>
      </div>
    </form>
  );
}
