import type { SandboxContext } from './context';
import { tellPatient } from './patientNotices';
import { reportNoticeRepository } from './repositories/reportNotices';

/** How a waiting patient heard that the report arrived. */
export type ReportReadyChannel = 'officialAccount' | 'email' | 'card';

/**
 * A report arrived (issue 27 §5): each patient who waited for it has it unread, so the study card
 * shows it as new, and is told as tellPatient says, or by the card alone. The message links to the report.
 */
export function tellReportReady(sandbox: Pick<SandboxContext, 'db' | 'studies' | 'publicOrigin'>, studyId: number, now: Date): { patientId: number; channel: ReportReadyChannel }[] {
  const study = sandbox.studies.findById(studyId);
  if (!study) return [];
  const what = `${study.studyDate} ${study.studyDescription}`;
  const notice = {
    title: '检查报告已出',
    subject: '您的检查报告已出 · Your report is ready',
    zh: `您 ${what} 的检查报告已出，点击查看。`,
    en: `The report of your ${what} is ready.`,
    link: `${sandbox.publicOrigin}/index?id=${studyId}#report`,
  };
  return reportNoticeRepository(sandbox.db)
    .arrived(studyId, now)
    .map((patientId) => {
      const channel = tellPatient(sandbox.db, patientId, notice, now);
      return { patientId, channel: channel === 'none' ? 'card' : channel };
    });
}
