import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PagedListView } from '../../../machines/pagedList/pagedList.connect';
import { useI18n } from '../i18n/I18nProvider';
import { Button } from '../views/Button';
import { Illustration } from '../views/Illustration';
import * as css from './pagedList.css';
import { SkeletonList } from '../views/Skeleton';
import { StatusPage } from '../views/StatusPage';
import * as ui from '../views/ui.css';


/** How far the patient must pull before letting go refreshes. */
const PULL_THRESHOLD_PX = 64;
const PULL_MAX_PX = 96;

/**
 * The one look of a paged list: skeletons first, cards, pull-to-refresh at the top, more on
 * scroll, "no more" at the end, an illustration and "no data" when empty. It renders the
 * machine's view and sends intents; it decides nothing itself.
 */
export function PagedList<T, F>(props: {
  list: PagedListView<T, F>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  testId: string;
}) {
  const { list: view } = props;
  const { loadMore: onLoadMore, refresh: onRefresh } = view;
  const { t } = useI18n();
  const sentinel = useRef<HTMLDivElement>(null);
  const pull = usePullToRefresh(view.canRefresh, onRefresh);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !view.canLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadMore(), { rootMargin: '240px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [view.canLoadMore, view.items.length, onLoadMore]);

  const pullLabel = view.isRefreshing ? t('list.refreshing') : pull.distance >= PULL_THRESHOLD_PX ? t('list.release') : t('list.pull');
  return (
    <div data-testid={props.testId} data-state={view.state} {...pull.handlers}>
      <div className={css.pullHint} style={{ height: view.isRefreshing ? 40 : pull.distance }} aria-live="polite" data-testid="pull-hint">
        {(view.isRefreshing || pull.distance > 0) && pullLabel}
      </div>
      {view.isLoading && <SkeletonList label={t('app.loading')} />}
      {view.isFailed && (
        <StatusPage
          illustration="error"
          heading={t('route.error')}
          text={t('error.listFailed')}
          actions={<Button onClick={view.retry}>{t('app.retry')}</Button>}
        />
      )}
      {view.isEmpty && (
        <div className={ui.statusPage} data-testid="list-empty">
          <Illustration kind="empty" />
          <p className={ui.statusText}>{t('list.noData')}</p>
        </div>
      )}
      {view.items.length > 0 && (
        <ul className={ui.list}>
          {view.items.map((item) => (
            <li key={props.itemKey(item)}>{props.renderItem(item)}</li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className={css.sentinel} />
      {view.items.length > 0 && (
        <p className={css.footer} data-testid="list-footer">
          {view.isLoadingMore ? t('list.loadingMore') : view.isFinished ? t('list.noMore') : ''}
        </p>
      )}
    </div>
  );
}

/** Touch pull at the top of the page; the distance eases off so the pull feels elastic. */
function usePullToRefresh(enabled: boolean, onRefresh: () => void) {
  const [distance, setDistance] = useState(0);
  const start = useRef<number | null>(null);
  const handlers = {
    onTouchStart: (e: React.TouchEvent) => {
      start.current = enabled && window.scrollY <= 0 ? (e.touches[0]?.clientY ?? null) : null;
    },
    onTouchMove: (e: React.TouchEvent) => {
      if (start.current === null) return;
      const delta = (e.touches[0]?.clientY ?? start.current) - start.current;
      setDistance(delta > 0 ? Math.min(PULL_MAX_PX, delta * 0.5) : 0);
    },
    onTouchEnd: () => {
      if (start.current !== null && distance >= PULL_THRESHOLD_PX) onRefresh();
      start.current = null;
      setDistance(0);
    },
  };
  return { distance, handlers };
}
