import type { RefObject } from 'react';
import type { ConsultationSends } from '../../../machines/consultation/consultation.types';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import * as css from './consultation.css';
import { sentLines } from './sentWording';

/**
 * Before leaving Cloud Film for the consultation service: to whom (the service by name and the
 * site the address opens) and exactly what the address sends. Continue goes; cancel (or Escape)
 * sends nothing and leaves the patient where they were.
 */
export function LeaveDialog(props: { sends: ConsultationSends; onContinue: () => void; onCancel: () => void; returnFocus: RefObject<HTMLElement | null> }) {
  const { t, locale } = useI18n();
  const service = t('diagnose.service');
  return (
    <ConfirmDialog
      testId="diagnose-leave"
      message={t('diagnose.leaveHeading', { service })}
      detail={t('diagnose.leaveWhere', { service, site: props.sends.site })}
      confirmLabel={t('diagnose.continue')}
      dismissLabel={t('diagnose.cancel')}
      onConfirm={props.onContinue}
      onDismiss={props.onCancel}
      returnFocus={props.returnFocus}
    >
      <ul className={css.sends} data-testid="diagnose-sends">
        {sentLines(props.sends, t, locale).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className={css.leaveNote}>{t('diagnose.leaveNote')}</p>
    </ConfirmDialog>
  );
}
