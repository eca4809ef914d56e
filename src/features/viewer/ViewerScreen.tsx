import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { ViewerView } from '../../../machines/viewer/viewer.connect';
import type { ViewerViewportMachine } from '../../../machines/viewer/viewerViewport.machine';
import { TOOLS, type PresetId, type Window } from '../../../machines/viewer/viewerViewport.types';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { ImageStore } from './imageStore';
import { useShownSlice, useViewer, useViewerViewport } from './useViewer';
import { viewerQuery } from './viewerSettings';
import { CineControl } from './CineControl';
import { FindingControl } from './FindingControl';
import { PaneBand, PriorPane } from './PriorPane';
import { useCompare, useFollower, type Followers } from './useCompare';
import type { CompareView } from '../../../machines/compare/compare.connect';
import { aheadOf } from './paintClient';
import { ViewerCanvas, type Upcoming } from './ViewerCanvas';
import * as css from './viewer.css';
import { effectiveWindow, windowAttribute } from './windowing';

/**
 * cloudFilm, the film viewer (issue 12, item 3): opened with checkWay, result, showAi, wadourl,
 * studyuid and hospid (spec section 4). Another link is another viewer: the screen starts afresh.
 */
export default function ViewerScreen() {
  const { search } = useLocation();
  return <ViewerPage key={search} search={search} />;
}

function ViewerPage({ search }: { search: string }) {
  const { t } = useI18n();
  const query = useMemo(() => viewerQuery(search), [search]);
  const { compare, followers, tell } = useCompare(query);
  const { viewer, store } = useViewer(query, tell.current);
  useFollower(followers, 'current', viewer.followPosition);
  if (viewer.viewport && viewer.study && viewer.current) return <ViewerStage viewer={viewer} viewportRef={viewer.viewport} store={store} compare={compare} followers={followers} tellPrior={tell.prior} />;
  let body: ReactNode;
  switch (viewer.state) {
    case 'refused':
      body = <p className={css.statusText}>{t(`viewer.problem.${viewer.problem ?? 'badParameters'}`)}</p>;
      break;
    case 'failed':
      body = (
        <>
          <p className={css.statusText}>{t('viewer.listFailed')}</p>
          <button type="button" className={css.action} onClick={viewer.retry} data-testid="viewer-retry">
            {t('viewer.retry')}
          </button>
        </>
      );
      break;
    default:
      body = (
        <>
          <span className={css.spinner} aria-hidden="true" />
          <span>{t('viewer.loadingStudy')}</span>
        </>
      );
  }
  return (
    <div className={css.root} data-testid="viewer" data-viewer-state={viewer.state} data-problem={viewer.problem ?? undefined}>
      <div className={css.status} role={viewer.state === 'refused' || viewer.state === 'failed' ? 'alert' : 'status'}>
        {body}
      </div>
    </div>
  );
}


/** Slices painted ahead of the patient's scrolling (paintClient.ts): those decoded, the way the last step went. */
const PAINT_AHEAD = 6;

function useUpcoming(viewer: ViewerView, store: ImageStore, viewport: { preset: PresetId; window: Window | null }): Upcoming[] {
  const current = viewer.current!;
  // The way the last step went, kept from render to render (React's "previous render" pattern).
  const [last, setLast] = useState<{ index: number; direction: 1 | -1 }>({ index: current.index, direction: 1 });
  const direction = current.index === last.index ? last.direction : current.index > last.index ? 1 : -1;
  if (current.index !== last.index) setLast({ index: current.index, direction });
  const images = viewer.series!.images;
  return aheadOf(current.index, current.count, direction, PAINT_AHEAD).flatMap((index) => {
    const { key } = images[index]!;
    const decoded = viewer.isReady(key) ? store.get(key) : undefined;
    return decoded ? [{ key, decoded, window: effectiveWindow(decoded, viewport) }] : [];
  });
}

/** A study on screen: the series strip, the image, and below it the progress, the scrubber and the tools. */
function ViewerStage({
  viewer,
  viewportRef,
  store,
  compare,
  followers,
  tellPrior,
}: {
  viewer: ViewerView;
  viewportRef: ActorRefFrom<ViewerViewportMachine>;
  store: ImageStore;
  compare: CompareView;
  followers: Followers;
  tellPrior: (position: number | null) => void;
}) {
  const { t } = useI18n();
  const viewport = useViewerViewport(viewportRef);
  const { preset, window: chosenWindow } = viewport;
  const { current, decoded, imageWindow } = useShownSlice(viewer, store, viewport);
  const upcoming = useUpcoming(viewer, store, { preset, window: chosenWindow });
  const progress = viewer.progress!;
  return (
    <div
      className={css.root}
      data-testid="viewer"
      data-viewer-state={viewer.state}
      data-slice-index={current.index}
      data-series-index={viewer.seriesIndex}
      data-window={windowAttribute(imageWindow)}
      data-gesture={viewport.gesture}
      data-position={current.position ?? undefined}
      data-compare-state={compare.state}
    >
      <nav className={css.strip} aria-label={t('viewer.series')} data-testid="viewer-series-strip">
        {viewer.study!.series.map((series, index) => {
          const chosen = index === viewer.seriesIndex;
          return (
            <button
              key={series.seriesUid}
              type="button"
              className={`${css.tile[chosen ? 'selected' : 'plain']} ${css.tileCountBadge}`}
              aria-pressed={chosen}
              aria-label={t('viewer.seriesTile', { number: series.seriesNumber, modality: series.modality, count: series.images.length })}
              onClick={() => viewer.selectSeries(index)}
              data-count={series.images.length}
              data-testid="viewer-series"
            >
              {series.thumbnailUrl ? (
                <img className={css.thumb} src={series.thumbnailUrl} alt="" loading="lazy" referrerPolicy="no-referrer" />
              ) : (
                <span>
                  {t('viewer.seriesShort', { number: series.seriesNumber })} {series.modality}
                </span>
              )}
            </button>
          );
        })}
      </nav>
      {compare.comparing ? (
        <div className={css.pair} data-testid="compare-pair">
          <div className={css.pane} data-testid="compare-current">
            <PaneBand which="current" date={viewer.study!.studyDate} filmId={compare.currentFilmId} viewport={viewport} />
            <ViewerCanvas viewer={viewer} viewport={viewport} decoded={decoded} imageWindow={imageWindow} upcoming={upcoming} />
          </div>
          <PriorPane compare={compare} followers={followers} tellPrior={tellPrior} />
        </div>
      ) : (
        <ViewerCanvas viewer={viewer} viewport={viewport} decoded={decoded} imageWindow={imageWindow} upcoming={upcoming} />
      )}
      <div className={css.panel}>
        <FindingControl viewer={viewer} />
        <div
          className={progress.loading ? css.progress : `${css.progress} ${css.progressHidden}`}
          role="progressbar"
          aria-label={t('viewer.progressName')}
          aria-valuetext={t('viewer.progress', { ready: progress.ready, total: progress.total })}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.ready}
          aria-hidden={!progress.loading}
          data-testid="viewer-progress"
          data-ready={progress.ready}
          data-total={progress.total}
        >
          <span>{t('viewer.progress', { ready: progress.ready, total: progress.total })}</span>
          <span className={css.progressTrack}>
            <span className={css.progressBar} style={{ display: 'block', width: `${(100 * progress.ready) / progress.total}%` }} />
          </span>
        </div>
        <div className={css.scrubberRow}>
          {viewer.cine && <CineControl cineRef={viewer.cine} />}
          <input
            type="range"
            className={css.scrubber}
            min={0}
            max={current.count - 1}
            step={1}
            value={current.index}
            disabled={current.count < 2}
            aria-label={t('viewer.scrubber')}
            aria-valuetext={t('viewer.image', { index: current.index + 1, count: current.count })}
            onChange={(event) => viewer.goToSlice(Number(event.target.value))}
            data-testid="viewer-scrubber"
          />
          <span className={css.sliceLabel}>
            {current.index + 1} / {current.count}
          </span>
        </div>
        <div className={css.toolbar} role="toolbar" aria-label={t('viewer.tools')}>
          {TOOLS.map((tool) => (
            <button
              key={tool}
              type="button"
              className={css.tool[viewport.tool === tool ? 'chosen' : 'plain']}
              aria-pressed={viewport.tool === tool}
              onClick={() => viewport.chooseTool(tool)}
              data-testid={`viewer-tool-${tool}`}
            >
              {t(`viewer.tool.${tool}`)}
            </button>
          ))}
          <select
            className={css.presetSelect}
            aria-label={t('viewer.preset')}
            value={viewport.preset}
            onChange={(event) => viewport.applyPreset(event.target.value as PresetId)}
            data-testid="viewer-presets"
          >
            {[...viewport.presets, ...(viewport.preset === 'custom' ? (['custom'] as const) : [])].map((preset) => (
              <option key={preset} value={preset} disabled={preset === 'custom'}>
                {t(`viewer.preset.${preset}`)}
              </option>
            ))}
          </select>
          <button type="button" className={css.tool.plain} onClick={viewport.reset} data-testid="viewer-reset">
            {t('viewer.reset')}
          </button>
          {compare.comparing && (
            <button type="button" className={css.tool[compare.linked ? 'chosen' : 'plain']} aria-pressed={compare.linked} onClick={compare.toggleLink} data-testid="compare-link">
              {t('viewer.compare.link')}
            </button>
          )}
          {compare.prior && (
            <button type="button" className={css.tool.plain} onClick={compare.comparing ? compare.close : compare.open} data-testid="compare-toggle">
              {t(compare.comparing ? 'viewer.compare.close' : 'viewer.compare.open')}
            </button>
          )}
          {viewer.ai !== 'off' && (
            <button
              type="button"
              className={css.tool[viewport.aiShown ? 'chosen' : 'plain']}
              aria-pressed={viewport.aiShown}
              disabled={!viewport.canToggleAi}
              onClick={viewport.toggleAi}
              data-testid="viewer-ai-toggle"
            >
              {t(viewer.ai === 'unavailable' ? 'viewer.aiUnavailable' : 'viewer.ai')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
