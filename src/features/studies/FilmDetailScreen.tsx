import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { DeptNames, FilmDetail, HospitalModule, Report, SeriesThumbnail } from '../../shared/api/studySchemas';
import { REPORT_STATUS } from '../../shared/api/studySchemas';
import { formatSexAge } from '../../shared/i18n/format';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { filmIdOf, ROUTE, type RouteName } from '../../shared/navigation/routes';
import { studyPageHref, viewerHref } from '../../shared/navigation/viewerLink';
import { useClientState, useServices } from '../../shared/services';
import { useModules } from '../../shared/state/modules';
import { formatDate } from '../../shared/rules/dates';
import { Button } from '../../shared/views/Button';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import * as css from './filmDetail.css';
import { Facts, PENDING, type Fact } from './Facts';
import type { FilmExtras } from './studyCalls';
import { aiFindingHref, aiMarksHref } from './studyLinks';
import { PlainSummary, ReportText, TermSheet, type LookedUp } from './ReportWords';
import { readReport } from '../../shared/rules/reportReading';
import { PrintedReport } from './PrintedReport';
import { aiFindingCount } from '../../shared/rules/aiFindings';
import { AI_ORDER_STATUS } from '../../../machines/aiOrder/aiOrder.types';
import { useFilmDetail } from './useFilmDetail';
import type { FilmDetailView } from '../../../machines/filmDetail/filmDetail.connect';
import { aiResultPageHref } from '../../shared/ai/aiResultLink';
import { statusWords } from '../../shared/ai/aiStatusWords';
import { hospitalTerm } from '../../shared/i18n/glossary';

type View = FilmDetailView<FilmDetail, Report, FilmExtras>;

/** Storage ending within this many days is worth a warning on the film detail. */
export const STORAGE_WARNING_DAYS = 30;

/** The film detail (index with a film id): the study, its images, its report, AI, storage and what can be done with it. */
export default function FilmDetailScreen() {
  const collectFilmId = filmIdOf(useLocation().search) ?? '';
  // Another study is another chart: nothing of the last one shows while the next loads.
  return <FilmDetail key={collectFilmId} collectFilmId={collectFilmId} />;
}

function FilmDetail({ collectFilmId }: { collectFilmId: string }) {
  const { t } = useI18n();
  const view = useFilmDetail(collectFilmId);
  const { passes } = useServices();
  const sharedView = passes.isSharedView(collectFilmId);
  const isExample = passes.current()?.scope === 'experience';
  if (view.isFailed) {
    return (
      <StatusPage
        testId="film-detail-failed"
        illustration="error"
        heading={t('film.failed')}
        actions={<Button onClick={view.retry}>{t('app.retry')}</Button>}
      />
    );
  }
  const film = view.film;
  if (!film) return <SkeletonList count={4} label={t('app.loading')} />;
  return (
    <div className={css.page} data-testid="film-detail" data-state={view.state}>
      <StudySection film={film} departments={view.extrasLoading ? null : (view.extras?.departments ?? [])} />
      <ImagesSection film={film} collectFilmId={collectFilmId} />
      <ReportSection view={view} film={film} collectFilmId={collectFilmId} />
      {/* Someone else's share is read-only: nothing to buy, download or pass on (issue 13). */}
      {sharedView ? (
        <p className={css.sharedNote} data-testid="film-shared-note">{t(isExample ? 'film.exampleView' : 'film.sharedView')}</p>
      ) : (
        <>
          <ExtrasSections view={view} film={film} collectFilmId={collectFilmId} />
          <EntriesSection collectFilmId={collectFilmId} />
        </>
      )}
    </div>
  );
}

/** `departments`: null while they are on their way. */
function StudySection({ film, departments }: { film: FilmDetail; departments: DeptNames | null }) {
  const { t, locale } = useI18n();
  const setting = useClientState((state) => state.hospitalSetting);
  // What the hospital names a body part or department by, in English through the glossary when it gives no translation.
  const department = departments === null && film.deptCode ? PENDING : hospitalTerm(locale, departments?.find((dept) => dept.code === film.deptCode)?.name);
  const facts: Fact[] = [
    ['film.patient', [film.patientName, formatSexAge(t, film.sex, film.age)].filter(Boolean).join(' ')],
    ['film.modality', film.modality],
    ['film.bodyPart', hospitalTerm(locale, film.bodyPart)],
    ['film.date', [film.studyDate, film.studyTime?.slice(0, 5)].filter(Boolean).join(' ')],
    ['film.department', department],
    ['film.accession', film.accessionNumber],
  ];
  return (
    <section className={css.section} aria-labelledby="film-title" data-testid="film-study">
      <div className={css.hospital}>
        {setting?.logoUrl && <img className={css.logo} src={setting.logoUrl} alt="" width={40} height={40} />}
        <p className={css.hospitalName} data-testid="film-hospital">{film.hospitalName ?? setting?.hospitalName}</p>
      </div>
      <h2 id="film-title" className={css.studyTitle}>{hospitalTerm(locale, film.studyDescription ?? film.bodyPart ?? film.modality)}</h2>
      <Facts facts={facts} />
    </section>
  );
}

function ImagesSection({ film, collectFilmId }: { film: FilmDetail; collectFilmId: string }) {
  const { t } = useI18n();
  const modules = useModules();
  const link = film.imServerUrl && film.studyUId ? { wadourl: film.imServerUrl, studyuid: film.studyUId, hospid: film.orgCode ?? '' } : null;
  const series = film.series ?? [];
  return (
    <section className={css.section} aria-labelledby="film-images" data-testid="film-images">
      <h3 id="film-images" className={css.sectionHeading}>
        {t('film.images')}
        {film.imageCount !== undefined && <span className={css.muted}>{t('film.imageCount', { count: film.imageCount })}</span>}
      </h3>
      {link && series.length > 0 && (
        <ul className={css.strip} aria-label={t('film.series')}>
          {series.map((one) => (
            <li key={one.seriesUid}>
              <Link className={css.thumb} to={viewerHref({ ...link, series: one.seriesUid })} data-testid="film-series" aria-label={seriesLabel(t, one)}>
                {one.thumbnailUrl ? (
                  <img className={css.thumbImage} src={one.thumbnailUrl} alt="" width={88} height={88} loading="lazy" />
                ) : (
                  <span className={css.thumbText}>{one.modality}</span>
                )}
                <span className={css.thumbLabel}>{t('film.seriesShort', { number: one.seriesNumber, count: one.imageCount })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {link ? (
        <Link className={`${ui.button.primary} ${css.wide}`} to={viewerHref(link)} data-testid="film-open-viewer">
          {t('film.openViewer')}
        </Link>
      ) : (
        <p className={css.muted}>{t('film.noImages')}</p>
      )}
      <div className={css.links}>
        {modules.electronicFilm && (
          <Link className={css.chipLink} to={studyPageHref(ROUTE.electronicFilm.path, collectFilmId)} data-testid="film-sheets-link">
            {t('film.sheets')}
          </Link>
        )}
        <Link className={css.chipLink} to={studyPageHref(ROUTE.customHDImageList.path, collectFilmId)} data-testid="film-hd-link">
          {t('film.hdImages')}
        </Link>
        <Link className={css.chipLink} to={studyPageHref(ROUTE.medicalTag.path, collectFilmId)} data-testid="film-tags-link">
          {t('film.studyInfo')}
        </Link>
      </div>
    </section>
  );
}

function seriesLabel(t: ReturnType<typeof useI18n>['t'], series: SeriesThumbnail): string {
  return [t('film.seriesShort', { number: series.seriesNumber, count: series.imageCount }), series.description].filter(Boolean).join(' ');
}

function ReportSection({ view, film, collectFilmId }: { view: View; film: FilmDetail; collectFilmId: string }) {
  const { t } = useI18n();
  const report = view.report;
  // The word the patient is reading about (issue 27 §1): what is on screen, nothing more.
  const [looked, setLooked] = useState<LookedUp | null>(null);
  const ai = view.extras?.ai;
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // A report card links to `#report`; every navigation scrolls to the top first (spec section 2).
  useEffect(() => {
    if (hash === '#report') section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <section ref={section} className={css.section} id="report" aria-labelledby="film-report" data-testid="film-report" data-report={view.reportSection}>
      <h3 id="film-report" className={css.sectionHeading}>
        {t('film.report')}
        {report && (
          <span className={css.reportBadge[report.status === REPORT_STATUS.final ? 'final' : 'preliminary']}>
            {t(report.status === REPORT_STATUS.final ? 'film.reportFinal' : 'film.reportPreliminary')}
          </span>
        )}
      </h3>
      {(view.reportSection === 'loading' || view.reportSection === 'checking') && (
        <div aria-busy="true">
          <div className={ui.skeletonLine} style={{ width: '90%' }} />
          <div className={ui.skeletonLine} style={{ width: '70%' }} />
          <p className={css.muted} aria-live="polite">{t(view.reportSection === 'checking' ? 'film.reportChecking' : 'app.loading')}</p>
        </div>
      )}
      {report && (
        <>
          <PlainSummary impression={report.impression} onLookUp={setLooked} onImages={(item) => (ai ? aiFindingHref(film, ai, item) : null)} />
          <h4 className={css.reportHeading}>{t('film.findings')}</h4>
          <p className={css.reportText} data-testid="report-findings" data-authored="doctor">
            <ReportText text={report.findings ?? ''} onLookUp={setLooked} />
          </p>
          <h4 className={css.reportHeading}>{t('film.impression')}</h4>
          <p className={css.impression} data-testid="report-impression" data-authored="doctor">
            <ReportText text={report.impression ?? ''} onLookUp={setLooked} />
          </p>
          {[report.findings, report.impression].some((text) => readReport(text ?? '').some((piece) => piece.term)) && (
            <p className={css.muted} data-testid="report-terms-hint">{t('report.plain.hint')}</p>
          )}
          {looked && <TermSheet looked={looked} onClose={() => setLooked(null)} />}
          <p className={css.muted} data-testid="report-signed">
            {[
              report.reportedBy && t('film.reportedBy', { name: report.reportedBy, time: formatDate(report.reportedAt, 'YYYY-MM-DD HH:mm') }),
              report.reviewedBy && t('film.reviewedBy', { name: report.reviewedBy, time: formatDate(report.reviewedAt, 'YYYY-MM-DD HH:mm') }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <PrintedReport collectFilmId={collectFilmId} />
        </>
      )}
      {(view.reportSection === 'notSynced' || view.reportSection === 'notWritten') && (
        <>
          <p className={css.reportText} data-testid="report-pending" aria-live="polite">
            {t(view.reportSection === 'notSynced' ? 'film.reportNotSynced' : 'film.reportNotWritten')}
          </p>
          {view.lastSyncAt && <p className={css.muted} data-testid="report-last-check">{t('film.reportLastChecked', { time: formatDate(view.lastSyncAt, 'YYYY-MM-DD HH:mm') })}</p>}
          <Button variant="secondary" onClick={view.checkAgain} disabled={!view.canCheckAgain} data-testid="report-check-again">
            {t('film.reportCheckAgain')}
          </Button>
        </>
      )}
      {view.reportSection === 'failed' && (
        <>
          <p className={css.warning} role="alert">{t('film.reportFailed')}</p>
          <Button variant="secondary" onClick={view.retryReport}>{t('app.retry')}</Button>
        </>
      )}
    </section>
  );
}

function ExtrasSections({ view, film, collectFilmId }: { view: View; film: FilmDetail; collectFilmId: string }) {
  const { t, locale } = useI18n();
  const modules = useModules();
  if (view.extrasFailed) {
    return (
      <section className={css.section} data-testid="film-extras-failed">
        <p className={css.warning} role="alert">{t('film.extrasFailed')}</p>
        <Button variant="secondary" onClick={view.retryExtras}>{t('app.retry')}</Button>
      </section>
    );
  }
  if (!view.extras) return <section className={css.section} aria-busy="true"><div className={ui.skeletonLine} style={{ width: '60%', marginBottom: 0 }} /></section>;
  const { storage, ai } = view.extras;
  const aiLink = aiMarksHref(film, ai);
  return (
    <>
      {ai.orders.length > 0 && (
        <section className={css.section} aria-labelledby="film-ai" data-testid="film-ai">
          <h3 id="film-ai" className={css.sectionHeading}>{t('film.ai')}</h3>
          <ul className={ui.list} style={{ gap: 8 }}>
            {ai.orders.map((order) => (
              <li key={order.orderId}>
                <Link className={css.aiOrderLink} to={aiResultPageHref({ collectFilmId, orderId: order.orderId })} data-testid="film-ai-order">
                  <div>
                    <p className={css.factValue}><strong>{hospitalTerm(locale, order.item)}</strong> · {t(statusWords(order.status).key)}</p>
                    {order.summary && <p className={css.muted} data-authored="ai">{order.summary}</p>}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          {aiLink && <Link className={css.chipLink} to={aiLink} data-testid="film-ai-viewer">{t('film.aiOnImages', { count: aiFindingCount(ai.findings) })}</Link>}
          {ai.findings.length === 0 && ai.orders.some((order) => order.status === AI_ORDER_STATUS.succeeded) && (
            <p className={css.muted} data-testid="film-ai-nothing">{t('film.aiNothing')}</p>
          )}
        </section>
      )}
      <section className={css.section} aria-labelledby="film-storage" data-testid="film-storage">
        <h3 id="film-storage" className={css.sectionHeading}>{t('film.storage')}</h3>
        {storage.stored ? (
          <p className={storage.daysLeft <= STORAGE_WARNING_DAYS ? css.warning : css.factValue} data-testid="storage-status">
            {t('film.storedUntil', { date: storage.expireDate ?? '', days: storage.daysLeft })}
          </p>
        ) : (
          <p className={css.warning} data-testid="storage-status">{t('film.storageExpired', { date: storage.expireDate ?? '' })}</p>
        )}
        {modules.imageStore && storage.canBuy && (
          <Link className={css.chipLink} to={studyPageHref(ROUTE.imageStore.path, collectFilmId)} data-testid="film-buy-storage">
            {t('film.buyStorage')}
          </Link>
        )}
      </section>
    </>
  );
}

/** What can be done with the study, each where the hospital switched it on. */
const ENTRIES: readonly { route: RouteName; label: MessageKey; module: keyof Modules; testId: string }[] = [
  { route: 'downloadFilm', label: 'film.download', module: 'filmDownload', testId: 'film-download' },
  { route: 'shareList', label: 'film.share', module: 'share', testId: 'film-share' },
  { route: 'aiApply', label: 'film.applyAi', module: 'aiAnalysis', testId: 'film-apply-ai' },
  { route: 'diagnose', label: 'film.consult', module: 'consultation', testId: 'film-consult' },
];

function EntriesSection({ collectFilmId }: { collectFilmId: string }) {
  const { t } = useI18n();
  const modules = useModules();
  const entries = ENTRIES.filter((entry) => modules[entry.module]);
  if (entries.length === 0) return null;
  return (
    <section className={css.section} aria-label={t('film.entries')} data-testid="film-entries">
      <ul className={css.actions}>
        {entries.map((entry) => (
          <li key={entry.route}>
            <Link className={css.action} to={studyPageHref(ROUTE[entry.route].path, collectFilmId)} data-testid={entry.testId}>
              {t(entry.label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Modules = Record<HospitalModule, boolean>;
