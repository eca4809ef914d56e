import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { createPagedListMachine } from '../../../machines/pagedList/pagedList.machine';
import type { LoadRequest } from '../../../machines/pagedList/pagedList.types';
import type { CheckRow } from '../../shared/api/collectSchemas';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { PagedList } from '../../shared/list/PagedList';
import { usePagedList } from '../../shared/list/usePagedList';
import { filmDetailHref } from '../../shared/navigation/navigation';
import { useServices } from '../../shared/services';
import { NeedsPass } from '../../shared/views/NeedsPass';
import { tappableLink } from '../../shared/views/tappable.css';
import { StudyCard } from './StudyCard';
import { loadCheckPage } from './studyCalls';
import { hospitalTerm } from '../../shared/i18n/glossary';

const checkListMachine = createPagedListMachine<CheckRow, null>();

/** checkList (public): the studies a passed verification opened, newest first; each opens its film detail. */
export default function CheckListScreen() {
  return useServices().passes.current() === null ? <NeedsPass /> : <CheckList />;
}

function CheckList() {
  const { api } = useServices();
  const { t, locale } = useI18n();
  const load = useCallback((request: LoadRequest<null>, signal: AbortSignal) => loadCheckPage(api, request, signal), [api]);
  const list = usePagedList({ machine: checkListMachine, filter: null, load });
  return (
    <PagedList
      testId="check-list"
      list={list}
      itemKey={(row) => row.collectFilmId}
      renderItem={(row) => {
        const ready = row.reportStatus > 0;
        return (
          <Link className={tappableLink} to={filmDetailHref(row.collectFilmId)} data-testid="study-link">
            <StudyCard
              modality={row.modality}
              title={hospitalTerm(locale, row.studyDescription || row.bodyPart || row.modality)}
              status={{ text: t(ready ? 'study.reportReady' : 'study.reportPending'), ready }}
              lines={[`${row.studyDate} · ${row.hospitalName}`, row.imageCount !== undefined ? t('checkList.images', { count: row.imageCount }) : '']}
            />
          </Link>
        );
      }}
    />
  );
}
