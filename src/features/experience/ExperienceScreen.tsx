import { Link } from 'react-router-dom';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { ROUTE } from '../../shared/navigation/routes';
import { Button } from '../../shared/views/Button';
import { StatusPage } from '../../shared/views/StatusPage';
import * as form from '../../shared/views/form.css';
import * as ui from '../../shared/views/ui.css';
import * as css from './experience.css';
import { useExperience, type ExperienceView } from './useExperience';
import { hospitalTerm } from '../../shared/i18n/glossary';

/**
 * experience (public, issue 14): what the demo is (a real study anyone may open, with no sign-in and
 * nothing of the visitor's), then opens it read-only. A hospital without a demo study says so calmly.
 */
export default function ExperienceScreen() {
  const { t } = useI18n();
  const view = useExperience();
  if (view.isMissing) {
    return (
      <StatusPage
        testId="experience-none"
        illustration="empty"
        heading={t('experience.none')}
        text={t('experience.noneText')}
        actions={<Link className={ui.button.secondary} to={ROUTE.Home.path}>{t('experience.home')}</Link>}
      />
    );
  }
  return (
    <div className={css.page} data-testid="experience" data-state={view.state}>
      <section className={css.intro} aria-labelledby="experience-heading">
        <h2 id="experience-heading" className={css.heading}>{t('experience.heading')}</h2>
        <p className={css.text}>{t('experience.what')}</p>
        <ul className={css.points}>
          <li>{t('experience.pointNoSignIn')}</li>
          <li>{t('experience.pointNotYours')}</li>
          <li>{t('experience.pointReadOnly')}</li>
        </ul>
      </section>
      <DemoStudy view={view} />
    </div>
  );
}

function DemoStudy({ view }: { view: ExperienceView }) {
  const { t, locale } = useI18n();
  if (view.limitedMinutes !== null) {
    return (
      <section className={css.problem} role="alert" data-testid="experience-limited">
        <p className={css.studyName}>{t('experience.limited')}</p>
        <p className={form.note}>{t('experience.limitedText', { minutes: view.limitedMinutes })}</p>
        <Link className={ui.button.secondary} to={ROUTE.Home.path}>{t('experience.home')}</Link>
      </section>
    );
  }
  if (view.isFailed) {
    return (
      <section className={css.problem} role="alert" data-testid="experience-failed">
        <p className={css.studyName}>{t('experience.failed')}</p>
        <p className={form.note}>{t('experience.failedText')}</p>
        <Button onClick={view.retry} data-testid="experience-retry">{t('app.retry')}</Button>
      </section>
    );
  }
  const study = view.study;
  if (!study) {
    return (
      <section className={css.preparing} aria-busy="true" aria-label={t('experience.preparing')} data-testid="experience-loading">
        <div className={ui.skeletonLine} style={{ width: '60%' }} />
        <div className={ui.skeleton} style={{ height: 44, borderRadius: 22 }} />
      </section>
    );
  }
  return (
    <div className={css.actions}>
      <div className={css.study} data-testid="experience-study">
        <span className={ui.modalityBadge}>{study.modality}</span>
        <p className={css.studyName}>{hospitalTerm(locale, study.description || study.modality)}</p>
      </div>
      <Button onClick={view.open} data-testid="experience-open">{t('experience.open')}</Button>
      <p className={form.note}>{t('experience.afterOpen')}</p>
    </div>
  );
}
