import { useCallback, useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { ROUTE } from '../../shared/navigation/routes';
import { useServices } from '../../shared/services';
import { useSessionStatus } from '../../shared/session/useSession';
import { Button } from '../../shared/views/Button';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import { VisitorEntry } from '../../shared/views/VisitorEntry';
import * as css from './help.css';
import { loadQuestion, type ArticleRequest } from './helpCalls';
import { helpDetailHref } from './helpLinks';

/** helpDetail (public): one article of the help centre, and the questions related to it. */
export default function HelpDetailScreen() {
  const { pathname, search } = useLocation();
  const questionId = new URLSearchParams(search).get('id') ?? '';
  // Another article is another chart: nothing of the last one shows while the next loads.
  return (
    <>
      <Article key={questionId} questionId={questionId} />
      <Visitor here={`${pathname}${search}`} />
    </>
  );
}

/** Help talks of collecting images and signing in: a visitor finds both ways in right there (issue 24 §6). */
function Visitor({ here }: { here: string }) {
  const { t } = useI18n();
  if (useSessionStatus() !== 'signedOut') return null;
  return (
    <section className={css.visitor} aria-label={t('visitor.heading')} data-testid="help-visitor">
      <p className={css.paragraph}>{t('visitor.text')}</p>
      <VisitorEntry signInTo={here} testId="help-visitor-entry" />
    </section>
  );
}

function Article({ questionId }: { questionId: string }) {
  const { api } = useServices();
  const { t, locale } = useI18n();
  const request = useMemo(() => ({ lang: locale, questionId }), [locale, questionId]);
  // Quiet: a missing article (4301) and no answer alike are said in the page, never the error page.
  const load = useCallback((query: ArticleRequest, signal: AbortSignal) => loadQuestion(api, query, signal), [api]);
  const article = useResource(load, request, { quiet: true });
  const backToHelp = (
    <Link className={ui.button.secondary} to={ROUTE.help.path}>
      {t('help.all')}
    </Link>
  );
  if (article.isFailed || !questionId) {
    return (
      <StatusPage
        testId="help-detail-failed"
        illustration="empty"
        heading={t('help.articleFailed')}
        actions={
          <>
            {questionId && <Button onClick={article.retry}>{t('app.retry')}</Button>}
            {backToHelp}
          </>
        }
      />
    );
  }
  if (!article.data) return <SkeletonList count={2} label={t('app.loading')} />;
  const { data } = article;
  return (
    <div className={css.page}>
      <article className={css.article} data-testid="help-article">
        <p className={css.articleType}>{data.typeName}</p>
        <h2 className={css.articleTitle}>{data.title}</h2>
        {data.paragraphs.map((paragraph) => (
          <p key={paragraph} className={css.paragraph}>{paragraph}</p>
        ))}
        <p className={css.updated}>{t('help.updated', { date: data.updatedAt })}</p>
      </article>
      {data.related.length > 0 && (
        <section className={css.section} aria-labelledby="help-related">
          <h2 id="help-related" className={css.sectionTitle}>{t('help.related')}</h2>
          <ul className={css.list}>
            {data.related.map((question) => (
              <li key={question.questionId}>
                <Link className={css.question} to={helpDetailHref(question.questionId)} data-testid="help-related">
                  <p className={css.questionText}>{question.title}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {backToHelp}
    </div>
  );
}
