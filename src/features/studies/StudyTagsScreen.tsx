import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useResource } from '../../shared/charts/useResource';
import { formatSexAge } from '../../shared/i18n/format';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { filmIdOf, ROUTE } from '../../shared/navigation/routes';
import { studyPageHref } from '../../shared/navigation/viewerLink';
import { useServices } from '../../shared/services';
import { Button } from '../../shared/views/Button';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as css from './renderedImages.css';
import { loadStudyTags, type FilmRequest } from './studyCalls';
import { StudyPicker } from './StudyListScreen';
import { Facts, type Fact } from './Facts';
import { hospitalTerm } from '../../shared/i18n/glossary';

/** medicalTag: the study's identifying information and its series, as the images carry them. */
export default function StudyTagsScreen() {
  const collectFilmId = filmIdOf(useLocation().search);
  const hrefFor = useCallback((id: string) => studyPageHref(ROUTE.medicalTag.path, id), []);
  if (!collectFilmId) return <StudyPicker hrefFor={hrefFor} />;
  return <Tags key={collectFilmId} collectFilmId={collectFilmId} />;
}

function Tags({ collectFilmId }: { collectFilmId: string }) {
  const { t, locale } = useI18n();
  const { api } = useServices();
  const load = useCallback((film: FilmRequest, signal: AbortSignal) => loadStudyTags(api, film, signal), [api]);
  const resource = useResource(load, useMemo(() => ({ collectFilmId }), [collectFilmId]));
  if (resource.isFailed) {
    return <StatusPage illustration="error" heading={t('film.failed')} actions={<Button onClick={resource.retry}>{t('app.retry')}</Button>} />;
  }
  if (!resource.data) return <SkeletonList count={3} label={t('app.loading')} />;
  const { detail, images } = resource.data;
  const study: Fact[] = [
    ['film.patient', [images.patientName ?? detail.patientName, formatSexAge(t, detail.sex, detail.age)].filter(Boolean).join(' ')],
    ['tags.patientId', images.patientId],
    ['film.date', images.studyDate ?? detail.studyDate],
    ['tags.description', hospitalTerm(locale, images.studyDescription ?? detail.studyDescription)],
    ['film.accession', detail.accessionNumber],
    ['tags.studyUid', images.studyUId],
  ];
  return (
    <div style={{ display: 'grid', gap: 12 }} data-testid="study-tags">
      <section className={css.block}>
        <h2 className={css.heading}>{t('tags.study')}</h2>
        <Facts facts={study} />
      </section>
      {images.series.map((series) => (
        <section key={series.seriesUid} className={css.block} data-testid="study-tags-series">
          <h3 className={css.heading}>{t('film.seriesShort', { number: series.seriesNumber, count: series.instances.length })}</h3>
          <Facts
            facts={[
              ['film.modality', series.modality],
              ['tags.description', series.description],
              ['tags.instances', String(series.instances.reduce((sum, one) => sum + one.frames, 0))],
              ['tags.seriesUid', series.seriesUid],
            ]}
          />
        </section>
      ))}
    </div>
  );
}
