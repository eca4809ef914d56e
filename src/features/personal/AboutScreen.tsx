import { Link } from 'react-router-dom';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { ROUTE } from '../../shared/navigation/routes';
import { useClientState, useServices } from '../../shared/services';
import { CustomerService } from '../../shared/views/CustomerService';
import { HospitalPlace } from '../../shared/views/HospitalPlace';
import * as ui from '../../shared/views/ui.css';
import * as css from './personal.css';

/** about (public; /about-us leads here): what the service is, whose it is, where to get help. */
export default function AboutScreen() {
  const { t } = useI18n();
  const { config } = useServices();
  const setting = useClientState((state) => state.hospitalSetting);
  return (
    <div className={css.page} data-testid="about">
      <section className={css.intro}>
        {setting?.logoUrl && <img className={css.logo} src={setting.logoUrl} alt="" width={72} height={72} />}
        <h2 className={css.product}>{config.productTitle}</h2>
        {setting?.hospitalName && <p className={css.hospital} data-testid="about-hospital">{setting.hospitalName}</p>}
        <p className={css.text}>{t('about.what')}</p>
      </section>
      <HospitalPlace />
      <section className={css.section}>
        <h2 className={css.heading}>{t('about.privacyHeading')}</h2>
        <p className={css.text}>{t('about.privacy')}</p>
        <div className={css.links}>
          <Link className={ui.button.secondary} to={ROUTE.deel.path} data-testid="about-deel">{t('route.deel')}</Link>
          <Link className={ui.button.secondary} to={ROUTE.help.path}>{t('route.help')}</Link>
        </div>
      </section>
      <CustomerService />
    </div>
  );
}
