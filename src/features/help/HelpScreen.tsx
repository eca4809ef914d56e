import { Link, useLocation } from 'react-router-dom';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { ROUTE } from '../../shared/navigation/routes';
import { Button } from '../../shared/views/Button';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as css from './help.css';
import { FeedbackView } from './FeedbackView';
import { FEEDBACK_VIEW, helpDetailHref } from './helpLinks';
import { useQuestionTypes } from './useQuestionTypes';

/** The feedback form: the help route with ?view=feedback. */
const feedbackHref = `${ROUTE.help.path}?${new URLSearchParams({ view: FEEDBACK_VIEW }).toString()}`;

/**
 * help (public): the hospital's answers, by question type, each question opening its article, and
 * the way to send feedback; with ?view=feedback the feedback form instead.
 */
export default function HelpScreen() {
  const view = new URLSearchParams(useLocation().search).get('view');
  return view === FEEDBACK_VIEW ? <FeedbackView /> : <Questions />;
}

function FeedbackEntry() {
  const { t } = useI18n();
  return (
    <Link className={css.feedbackEntry} to={feedbackHref} data-testid="help-feedback">
      <p className={css.feedbackEntryTitle}>{t('feedback.entry')}</p>
      <p className={css.feedbackEntryText}>{t('feedback.entryText')}</p>
    </Link>
  );
}

function Questions() {
  const { t } = useI18n();
  const help = useQuestionTypes();
  if (help.isFailed) {
    return (
      <div className={css.page}>
        <StatusPage testId="help-failed" illustration="offline" heading={t('help.failed')} actions={<Button onClick={help.retry}>{t('app.retry')}</Button>} />
        <FeedbackEntry />
      </div>
    );
  }
  if (!help.data) return <SkeletonList count={3} label={t('app.loading')} />;
  return (
    <div className={css.page} data-testid="help">
      <FeedbackEntry />
      {help.data.types.map((type) => (
        <section key={type.typeId} className={css.section} aria-labelledby={`help-${type.typeId}`} data-testid="help-type">
          <h2 id={`help-${type.typeId}`} className={css.sectionTitle}>{type.name}</h2>
          <ul className={css.list}>
            {type.questions.map((question) => (
              <li key={question.questionId}>
                <Link className={css.question} to={helpDetailHref(question.questionId)} data-testid="help-question">
                  {/* A question is a sentence, free to wrap: a paragraph, not a button label. */}
                  <p className={css.questionText}>{question.title}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
