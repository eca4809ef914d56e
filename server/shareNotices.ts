import type { SandboxContext } from './context';
import { tellPatient } from './patientNotices';
import type { NoticeChannel } from './patientNotices';
import type { ShareRepository, ShareSummary } from './repositories/shares';
import { shareLogHref } from '../src/shared/navigation/shareLogLink';

/** After telling the owner of an opening, the openings of the next ten minutes are only logged. */
export const SHARE_NOTICE_QUIET_SECONDS = 600;

/** What happened at the share: opened with the right code, or locked by wrong ones. */
export type ShareEvent = 'opened' | 'locked';


/**
 * Tells a share's owner what happened at it (issue 27 §4), as tellPatient says (official account,
 * else e-mail), unless they switched it off for the share. An opening is told once in
 * SHARE_NOTICE_QUIET_SECONDS, so whoever holds the link cannot flood the owner; a lock always is (the
 * lock itself lasts that long). The message links to the share's log, where it can be revoked.
 */
export function tellShareOwner(
  sandbox: Pick<SandboxContext, 'db' | 'publicOrigin'>,
  shares: ShareRepository,
  share: ShareSummary,
  event: ShareEvent,
  now: Date,
): NoticeChannel | 'notTold' {
  if (!shares.takeNoticeTurn(share.id, now, SHARE_NOTICE_QUIET_SECONDS, event === 'locked')) return 'notTold';
  const what = `${share.studyDate} ${share.studyDescription || share.modality}`;
  const notice =
    event === 'opened'
      ? {
          title: '您的分享被打开了',
          subject: '您的分享被打开了 · Your share was opened',
          zh: `您分享的 ${what} 刚刚被打开。不是您分享给的人？点击查看并撤销分享。`,
          en: `Your share of ${what} was just opened. Not someone you shared it with? Open it to see who and revoke the share.`,
        }
      : {
          title: '有人多次输错您分享的访问码',
          subject: '有人多次输错访问码 · Wrong access codes on your share',
          zh: `有人连续多次输错您分享的 ${what} 的访问码，分享已暂时锁定。点击查看，可撤销分享。`,
          en: `Someone typed wrong access codes for your share of ${what} several times; it is locked for a while. Open it to see the tries and revoke the share.`,
        };
  return tellPatient(sandbox.db, share.patientId, { ...notice, link: `${sandbox.publicOrigin}${shareLogHref(String(share.id))}` }, now);
}
