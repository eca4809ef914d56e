import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ViewerView } from '../../../machines/viewer/viewer.connect';
import type { ViewerViewportView } from '../../../machines/viewer/viewerViewport.connect';
import type { PresetId } from '../../../machines/viewer/viewerViewport.types';
import type { CompareView } from '../../../machines/compare/compare.connect';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { filmDetailHref } from '../../shared/navigation/navigation';
import type { ImageStore } from './imageStore';
import { useShownSlice, useViewer, useViewerViewport } from './useViewer';
import { useFollower, type Followers } from './useCompare';
import { ViewerCanvas } from './ViewerCanvas';
import * as css from './viewer.css';
import { windowAttribute } from './windowing';

/** A viewport's band in the comparison: which study (its date), its report a tap away, and its own window. */
export function PaneBand({ which, date, filmId, viewport }: { which: 'current' | 'prior'; date: string | null; filmId: string | null; viewport: ViewerViewportView }) {
  const { t } = useI18n();
  return (
    <div className={css.paneBand} data-testid={`compare-band-${which}`}>
      <span className={css.paneLabel}>{t(`viewer.compare.${which}`, { date: date ?? '' })}</span>
      <select
        className={css.presetSelect}
        aria-label={t(`viewer.compare.preset.${which}`)}
        value={viewport.preset}
        onChange={(event) => viewport.applyPreset(event.target.value as PresetId)}
        data-testid={`compare-presets-${which}`}
      >
        {[...viewport.presets, ...(viewport.preset === 'custom' ? (['custom'] as const) : [])].map((preset) => (
          <option key={preset} value={preset} disabled={preset === 'custom'}>
            {t(`viewer.preset.${preset}`)}
          </option>
        ))}
      </select>
      {filmId && (
        <Link className={css.toolLink} to={`${filmDetailHref(filmId)}#report`} aria-label={t(`viewer.compare.report.${which}`, { date: date ?? '' })} data-testid={`compare-report-${which}`}>
          {t('viewer.compare.report')}
        </Link>
      )}
    </div>
  );
}

/**
 * The prior study beside the one on screen (issue 27 §3): a viewer chart of its own (its own images,
 * window and slice), opened with the prior's link; it tells the compare chart where it is, and the
 * compare chart takes it to the study on screen's position.
 */
export function PriorPane({ compare, followers, tellPrior }: { compare: CompareView; followers: Followers; tellPrior: (position: number | null) => void }) {
  const prior = compare.prior!;
  const query = useMemo(() => ({ wadourl: prior.wadoUrl, studyuid: prior.studyUId, hospid: prior.hospId }), [prior]);
  const { viewer, store } = useViewer(query, tellPrior);
  useFollower(followers, 'prior', viewer.followPosition);
  if (!viewer.viewport || !viewer.current) {
    return (
      <div className={css.pane} data-testid="compare-prior" data-viewer-state={viewer.state}>
        <div className={css.status} role="status">
          <span className={css.spinner} aria-hidden="true" />
        </div>
      </div>
    );
  }
  return <PriorStage viewer={viewer} store={store} date={prior.studyDate} filmId={prior.collectFilmId} />;
}

function PriorStage({ viewer, store, date, filmId }: { viewer: ViewerView; store: ImageStore; date: string; filmId: string }) {
  const viewport = useViewerViewport(viewer.viewport!);
  const { current, decoded, imageWindow } = useShownSlice(viewer, store, viewport);
  return (
    <div
      className={css.pane}
      data-testid="compare-prior"
      data-viewer-state={viewer.state}
      data-slice-index={current.index}
      data-position={current.position ?? undefined}
      data-window={windowAttribute(imageWindow)}
    >
      <PaneBand which="prior" date={date} filmId={filmId} viewport={viewport} />
      <ViewerCanvas viewer={viewer} viewport={viewport} decoded={decoded} imageWindow={imageWindow} />
    </div>
  );
}
