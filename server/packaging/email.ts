import { toChinaWallClock } from '../chinaTime';
import type { PackageFormat } from '../../src/shared/api/downloadSchemas';

/**
 * A download link: an app page (downloadLink for a copied link, downloadFilm for an e-mailed one)
 * with the package's token in the fragment. A fragment never leaves the browser: no server, proxy
 * or Referer sees it, so the week-long token is in no URL anything logs (issue 22); the page sends
 * it in a header.
 */
export function downloadLinkOf(publicOrigin: string, page: '/downloadLink' | '/downloadFilm', downloadToken: string): string {
  return `${publicOrigin}${page}#token=${encodeURIComponent(downloadToken)}`;
}

/** The page an e-mailed download link opens. */
export function emailLinkOf(publicOrigin: string, downloadToken: string): string {
  return downloadLinkOf(publicOrigin, '/downloadFilm', downloadToken);
}

/** The link in a message body, for the test-mode outbox. */
export function linkInBody(body: string): string | null {
  return /https?:\/\/\S+\/downloadFilm#token=[\w%-]+/.exec(body)?.[0] ?? null;
}

export interface DownloadEmailContent {
  study: { studyDescription: string; studyDate: string; modality: string; hospitalName: string };
  format: PackageFormat;
  desensitize: boolean;
  link: string;
  expiresAt: string;
}

/** The e-mail that carries a package's download link, in Chinese (the app's language). */
export function downloadEmail({ study, format, desensitize, link, expiresAt }: DownloadEmailContent): { subject: string; body: string } {
  const kind = format === 'dicom' ? 'DICOM 原始影像（含 DICOMDIR，可用专业阅片软件打开）' : 'JPEG 图片（可用任意看图软件打开）';
  const subject = `【云胶片】影像下载链接：${study.studyDescription}（${study.studyDate}）`;
  const body = [
    '您好：',
    '',
    '您申请的影像资料已打包完成，可通过以下链接下载：',
    link,
    '',
    `检查项目：${study.studyDescription}`,
    `检查类型：${study.modality}`,
    `检查日期：${study.studyDate}`,
    ...(desensitize ? [] : [`检查医院：${study.hospitalName}`]),
    `文件格式：${kind}`,
    `是否脱敏：${desensitize ? '是（已去除姓名、ID、出生日期、医院和检查号；影像本身不变）' : '否'}`,
    `链接有效期至：${toChinaWallClock(expiresAt)}（北京时间），过期后请在云胶片中重新打包。`,
    '',
    '下载的压缩包请先解压，其中的 README.txt 说明了打开方法。',
    '此链接可直接下载您的影像资料，请勿转发给不信任的人。',
    '',
    '云胶片',
    '（本邮件由系统自动发送，请勿回复）',
  ].join('\n');
  return { subject, body };
}
