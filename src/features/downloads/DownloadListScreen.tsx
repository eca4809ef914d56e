import { useCallback } from 'react';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import type { DownloadRecord } from '../../shared/api/downloadSchemas';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { usePagedList } from '../../shared/list/usePagedList';
import { useServices } from '../../shared/services';
import * as ui from '../../shared/views/ui.css';
import { loadRecords } from './downloadCalls';
import { dateTime, desensitizeLabel, FORMAT_LABEL, sizeInMb, VIA_LABEL } from './downloadText';
import * as css from './downloads.css';
import { hospitalTerm } from '../../shared/i18n/glossary';

const recordListMachine = createPagedListMachine<DownloadRecord, null>();

/** downloadList: my downloads, newest first; each can be downloaded again until its package expires. */
export default function DownloadListScreen() {
  const { api } = useServices();
  const load = useCallback((request: LoadRequest<null>, signal: AbortSignal) => loadRecords(api, request, signal), [api]);
  const list = usePagedList({ machine: recordListMachine, filter: null, load });
  return <PagedList testId="download-list" list={list} itemKey={(record) => record.recordId} renderItem={(record) => <RecordCard record={record} />} />;
}

function RecordCard({ record }: { record: DownloadRecord }) {
  const { t, locale } = useI18n();
  const title = hospitalTerm(locale, record.studyDescription || record.modality);
  const size = sizeInMb(record.sizeBytes);
  return (
    <article className={css.record} data-testid="download-record" aria-label={title}>
      <h2 className={css.recordTitle}>{title}</h2>
      <p className={css.muted}>{[record.modality, record.studyDate].filter(Boolean).join(' · ')}</p>
      <ul className={css.tags}>
        <li className={css.tag}>{t(FORMAT_LABEL[record.format])}</li>
        <li className={css.tag}>{t(desensitizeLabel(record.desensitize))}</li>
      </ul>
      <p className={css.muted}>{[t(VIA_LABEL[record.via]), dateTime(record.downloadedAt), size && t('download.sizeMb', { size })].filter(Boolean).join(' · ')}</p>
      <div className={css.recordFooter}>
        {record.fileUrl ? (
          <a className={`${ui.button.secondary} ${css.againLink}`} href={record.fileUrl} download aria-label={`${t('download.again')} ${title}`} data-testid="download-again">
            {t('download.again')}
          </a>
        ) : (
          <span className={css.expired} data-testid="download-expired">{t('download.expiredShort')}</span>
        )}
      </div>
    </article>
  );
}
