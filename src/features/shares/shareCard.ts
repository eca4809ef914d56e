import type { CardOutcome } from '../../../machines/share/share.types';
import type { Share } from '../../shared/api/shareSchemas';
import type { Translate } from '../../shared/i18n/translate';
import type { WechatPort } from '../../shared/platform/wechatService';
import { APP_MARK_PATH } from '../../shared/navigation/routes';

/**
 * Inside WeChat, "send to a friend" sends the share as a card: the patient's name, the study, and
 * that an access code is needed (the code itself never goes in the card). The icon is the app's own.
 */
export function prepareCard(wechat: WechatPort, share: Share, t: Translate, origin: string): Promise<CardOutcome> {
  return wechat.shareCard({
    title: t('share.cardTitle', { name: share.patientName }),
    desc: t('share.cardDesc', { study: [share.studyDate, share.studyDescription || share.modality].filter(Boolean).join(' ') }),
    link: share.url,
    imgUrl: `${origin}${APP_MARK_PATH}`,
  });
}

/** What the copy button puts on the clipboard: the link and the access code together. */
export const clipboardText = (share: { url: string; accessCode: string }, t: Translate) => t('share.clipboard', { url: share.url, accessCode: share.accessCode });
