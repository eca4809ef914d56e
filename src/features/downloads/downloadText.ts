import type { PackageFormat } from '../../shared/api/downloadSchemas';
import type { DownloadRecord } from '../../shared/api/downloadSchemas';
import type { MessageKey } from '../../shared/i18n/translate';
import { formatDate } from '../../shared/rules/dates';

/** A size in MB with one decimal; anything above nothing shows at least 0.1 MB. */
export function sizeInMb(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined) return null;
  const mb = bytes / (1024 * 1024);
  return (bytes > 0 ? Math.max(mb, 0.1) : 0).toFixed(1);
}

/** Date and time as the patient reads them (local time). */
export const dateTime = (iso: string | null | undefined): string => formatDate(iso, 'YYYY-MM-DD HH:mm');

export const FORMAT_LABEL: Readonly<Record<PackageFormat, MessageKey>> = {
  dicom: 'download.format.dicom',
  jpeg: 'download.format.jpeg',
};

export const FORMAT_NOTE: Readonly<Record<PackageFormat, MessageKey>> = {
  dicom: 'download.format.dicomNote',
  jpeg: 'download.format.jpegNote',
};

export const VIA_LABEL: Readonly<Record<DownloadRecord['via'], MessageKey>> = {
  app: 'download.via.app',
  link: 'download.via.link',
  email: 'download.via.email',
};

export const desensitizeLabel = (desensitize: boolean): MessageKey => (desensitize ? 'download.desensitized' : 'download.notDesensitized');
