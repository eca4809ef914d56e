import { useClientState } from '../services';
import { useI18n } from '../i18n/I18nProvider';
import { telephone } from '../rules/telephone';
import * as ui from './ui.css';

/** Help for scanning errors, the official-account QR prompt, the service hours and a tap-to-call number. */
export function CustomerService() {
  const { t } = useI18n();
  const setting = useClientState((state) => state.hospitalSetting);
  const qrUrl = setting?.officialAccountQrUrl ?? null;
  return (
    <aside className={ui.serviceBlock} data-testid="customer-service">
      <h3 className={ui.serviceHeading}>{t('error.serviceHeading')}</h3>
      <p className={ui.statusText}>{t('error.scanHelp')}</p>
      {/* Until the hospital's setting arrives, the code's place is held: the help below does not move. */}
      {!setting ? (
        <span className={ui.qrPlaceholder} aria-hidden="true" data-testid="qr-placeholder" />
      ) : (
        qrUrl && <img className={ui.qrImage} src={qrUrl} alt={t('error.followAlt')} width={132} height={132} />
      )}
      <p className={ui.statusText}>{t('error.followPrompt')}</p>
      <p className={ui.statusText}>{t('error.serviceHours')}</p>
      <ServicePhone testId="service-phone" />
    </aside>
  );
}

/** The hospital's service number, one tap to call; nothing when the hospital gives none (rules/telephone.ts). */
export function ServicePhone({ testId }: { testId: string }) {
  const { t } = useI18n();
  const phone = telephone(useClientState((state) => state.hospitalSetting?.servicePhone ?? null));
  if (!phone) return null;
  return (
    <a className={ui.button.secondary} href={`tel:${phone.dial}`} data-testid={testId}>
      {t('error.servicePhone', { phone: phone.shown })}
    </a>
  );
}
