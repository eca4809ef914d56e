import { useClientState } from '../services';
import { useI18n } from '../i18n/I18nProvider';
import * as ui from './ui.css';

/** Help for scanning errors, the official-account QR prompt and the service hours. */
export function CustomerService() {
  const { t } = useI18n();
  const qrUrl = useClientState((state) => state.hospitalSetting?.officialAccountQrUrl ?? null);
  return (
    <aside className={ui.serviceBlock} data-testid="customer-service">
      <h3 className={ui.serviceHeading}>{t('error.serviceHeading')}</h3>
      <p className={ui.statusText}>{t('error.scanHelp')}</p>
      {qrUrl && <img className={ui.qrImage} src={qrUrl} alt={t('error.followAlt')} width={132} height={132} />}
      <p className={ui.statusText}>{t('error.followPrompt')}</p>
      <p className={ui.statusText}>{t('error.serviceHours')}</p>
    </aside>
  );
}
