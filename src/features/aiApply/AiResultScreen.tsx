import { useCallback, useMemo } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { aiViewerHref, ORDER_ID_QUERY } from '../../shared/ai/aiResultLink';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { filmIdOf } from '../../shared/navigation/routes';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import * as css from './aiApply.css';
import { loadAiResult, type AiResultPage } from './aiApplyCalls';
import { aiApplyHref, aiStatusHref } from './aiApplyLinks';
import { OrderCard } from './OrderCard';

/**
 * aiResult (`?id=<collectFilmId>&orderId=`, as the AI order list and the progress page send it; the study's newest order without `orderId`): the
 * order's result. Succeeded: the summary and the images with the findings; failed: why, and apply
 * again; under way or to be paid: the progress page; closed: said; no order: "application message lost".
 */
export default function AiResultScreen() {
  const { search } = useLocation();
  const collectFilmId = filmIdOf(search) ?? '';
  const orderId = new URLSearchParams(search).get(ORDER_ID_QUERY)?.trim() ?? '';
  return <AiResult key={`${collectFilmId}/${orderId}`} collectFilmId={collectFilmId} orderId={orderId} />;
}

function AiResult(request: { collectFilmId: string; orderId: string }) {
  const { t } = useI18n();
  const { api, config } = useServices();
  const load = useCallback(
    (query: { collectFilmId: string; orderId: string }, signal: AbortSignal) => loadAiResult(api, query, config.allowedRedirectOrigins, signal),
    [api, config.allowedRedirectOrigins],
  );
  const page = useResource(load, useMemo(() => ({ collectFilmId: request.collectFilmId, orderId: request.orderId }), [request.collectFilmId, request.orderId]));
  if (page.isFailed) {
    return <StatusPage testId="ai-result-failed" illustration="error" heading={t('aiResult.loadFailed')} actions={<Button onClick={page.retry}>{t('app.retry')}</Button>} />;
  }
  const data: AiResultPage | null = page.data;
  if (!data) return <SkeletonList count={2} label={t('app.loading')} />;
  switch (data.kind) {
    case 'missing':
      return <StatusPage testId="ai-result-missing" illustration="empty" heading={t('toast.messageLost')} />;
    case 'progress':
      return <Navigate replace to={aiStatusHref(data.orderId)} />;
    case 'closed':
      return (
        <div className={css.page} data-testid="ai-result" data-kind="closed">
          <OrderCard info={data.info} />
          <p className={css.intro} data-testid="ai-result-closed">
            {t('aiStatus.closed')}
          </p>
        </div>
      );
    case 'failed':
      return (
        <div className={css.page} data-testid="ai-result" data-kind="failed">
          <OrderCard info={data.info} />
          <h2 className={css.heading}>{t('aiResult.failedHeading')}</h2>
          <p className={css.reason} data-testid="ai-failure-reason">
            {data.reason || t('aiStatus.noReason')}
          </p>
          <Link to={aiApplyHref(data.info.collectFilmId)} className={ui.button.primary} data-testid="ai-apply-again">
            {t('aiResult.applyAgain')}
          </Link>
        </div>
      );
    case 'succeeded': {
      const { info, result, link } = data;
      return (
        <div className={css.page} data-testid="ai-result" data-kind="succeeded">
          <OrderCard info={info} />
          <section className={css.order} aria-labelledby="ai-summary-heading">
            <h2 id="ai-summary-heading" className={css.heading}>
              {t('aiResult.summaryHeading')}
            </h2>
            {typeof result.findingCount === 'number' && (
              <p className={css.meta} data-testid="ai-finding-count">
                {result.findingCount > 0 ? t('aiResult.findings', { count: result.findingCount }) : t('aiResult.noFindings')}
              </p>
            )}
            <p className={css.summary} data-testid="ai-summary" data-authored="ai">
              {result.summary || t('aiResult.noSummary')}
            </p>
            <p className={css.intro}>{t('aiResult.disclaimer')}</p>
          </section>
          {link.kind === 'viewer' && (
            <Link to={aiViewerHref(link.viewer)} className={ui.button.primary} data-testid="ai-open-images">
              {t('aiResult.openImages')}
            </Link>
          )}
          {link.kind === 'external' && (
            <a href={link.url} className={ui.button.primary} data-testid="ai-open-images">
              {t('aiResult.openProvider')}
            </a>
          )}
          {link.kind === 'refused' && (
            <p className={css.reason} role="alert" data-testid="ai-result-refused">
              {t('toast.resultRefused')}
            </p>
          )}
        </div>
      );
    }
  }
}
