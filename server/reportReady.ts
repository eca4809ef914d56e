import type { SandboxContext } from './context';
import { emailOutboxRepository } from './repositories/emailOutbox';
import { followerRepository } from './repositories/followers';
import { officialAccountMessageRepository } from './repositories/officialAccountMessages';
import { patientRepository } from './repositories/patients';
import { reportNoticeRepository } from './repositories/reportNotices';

/** How a waiting patient heard that the report arrived. */
export type ReportReadyChannel = 'officialAccount' | 'email' | 'card';

/**
 * A report arrived (issue 27 §5): each patient who waited for it has it unread, so the study card
 * shows it as new, and is told: by the hospital's official account when they follow it, else by
 * e-mail when they gave an address, else by the card alone. The message links to the report.
 */
export function tellReportReady(sandbox: Pick<SandboxContext, 'db' | 'studies' | 'publicOrigin'>, studyId: number, now: Date): { patientId: number; channel: ReportReadyChannel }[] {
  const study = sandbox.studies.findById(studyId);
  if (!study) return [];
  const followers = followerRepository(sandbox.db);
  const patients = patientRepository(sandbox.db);
  const accountMessages = officialAccountMessageRepository(sandbox.db);
  const emails = emailOutboxRepository(sandbox.db);
  const link = `${sandbox.publicOrigin}/index?id=${studyId}#report`;
  const what = `${study.studyDate} ${study.studyDescription}`;
  return reportNoticeRepository(sandbox.db)
    .arrived(studyId, now)
    .map((patientId) => {
      if (followers.isFollowing(patientId)) {
        accountMessages.send(patientId, { title: '检查报告已出', body: `您 ${what} 的检查报告已出，点击查看。`, link }, now);
        return { patientId, channel: 'officialAccount' as const };
      }
      const address = patients.profileOf(patientId).email;
      if (address) {
        emails.send({
          to: address,
          subject: '您的检查报告已出 · Your report is ready',
          body: `您 ${what} 的检查报告已出：${link}\n\nThe report of your ${what} is ready: ${link}`,
          taskId: null,
          sentAt: now.toISOString(),
        });
        return { patientId, channel: 'email' as const };
      }
      return { patientId, channel: 'card' as const };
    });
}
