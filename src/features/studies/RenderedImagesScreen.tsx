import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { RenderedImage } from '../../shared/api/studySchemas';
import { useResource } from '../../shared/charts/useResource';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { filmIdOf, ROUTE } from '../../shared/navigation/routes';
import { studyPageHref } from '../../shared/navigation/viewerLink';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import { Illustration } from '../../shared/views/Illustration';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import { ZoomView } from '../../shared/views/ZoomView';
import * as css from './renderedImages.css';
import { loadElectImages, type FilmRequest } from './studyCalls';
import { StudyPicker } from './StudyListScreen';

type Kind = 'films' | 'hdImages';

const KINDS: Record<Kind, { path: string; none: MessageKey; loading: MessageKey; testId: string }> = {
  films: { path: ROUTE.electronicFilm.path, none: 'sheets.none', loading: 'sheets.loading', testId: 'film-sheets' },
  hdImages: { path: ROUTE.customHDImageList.path, none: 'hd.none', loading: 'hd.loading', testId: 'hd-images' },
};

/** electronicFilm: the study's film sheets, one under another, each opening full screen to zoom. */
export function FilmSheetsScreen() {
  return <RenderedImages kind="films" />;
}

/** customHDImageList: the study's key images in high definition, as a grid. */
export function HdImagesScreen() {
  return <RenderedImages kind="hdImages" />;
}

/** Without a study, the page asks which one (from the home tile); with one, it shows its pictures. */
function RenderedImages({ kind }: { kind: Kind }) {
  const collectFilmId = filmIdOf(useLocation().search);
  const { path } = KINDS[kind];
  const hrefFor = useCallback((id: string) => studyPageHref(path, id), [path]);
  if (!collectFilmId) return <StudyPicker hrefFor={hrefFor} />;
  return <Pictures key={collectFilmId} kind={kind} request={{ collectFilmId }} />;
}

function Pictures({ kind, request }: { kind: Kind; request: FilmRequest }) {
  const { t } = useI18n();
  const { api } = useServices();
  const load = useCallback((film: FilmRequest, signal: AbortSignal) => loadElectImages(api, film, signal), [api]);
  const resource = useResource(load, useMemo(() => request, [request]));
  const [open, setOpen] = useState<number | null>(null);
  const { none, loading: loadingKey, testId } = KINDS[kind];
  if (resource.isFailed) {
    return <StatusPage illustration="error" heading={t('error.listFailed')} actions={<Button onClick={resource.retry}>{t('app.retry')}</Button>} />;
  }
  if (!resource.data) return <SkeletonList count={2} label={t('app.loading')} />;
  const images: readonly RenderedImage[] = resource.data[kind];
  if (images.length === 0) {
    return (
      <div className={ui.statusPage} data-testid={`${testId}-empty`}>
        <Illustration kind="empty" />
        <p className={ui.statusText}>{t(none)}</p>
      </div>
    );
  }
  return (
    <>
      <ul className={kind === 'films' ? css.sheets : css.grid} data-testid={testId}>
        {images.map((image, index) => (
          <li key={image.url}>
            <button type="button" className={css.tile} onClick={() => setOpen(index)} data-testid={`${testId}-item`}>
              <span className={css.frame}>
                <span className={css.loading} aria-hidden="true" data-testid={`${testId}-loading`}>
                  <span className={ui.spinner} />
                  {t(loadingKey)}
                </span>
                <img className={css.picture} src={image.url} alt={image.title ?? ''} width={image.width} height={image.height} loading={index < 2 ? 'eager' : 'lazy'} />
              </span>
              <p className={css.caption}>{image.title ?? t('sheets.page', { page: index + 1, count: images.length })}</p>
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <ZoomView images={images} start={open} onClose={() => setOpen(null)} testId="zoom-view" />}
    </>
  );
}
