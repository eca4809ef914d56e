import { useEffect, useRef, type FormEvent } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import type { MessageKey } from '../i18n/translate';
import { Button } from './Button';
import * as form from './form.css';
import * as css from './places.css';
import * as ui from './ui.css';
import type { ScanProblem } from '../../../machines/scanEntry/scanEntry.types';
import { useScanEntry, type ScanEntryView } from './useScanEntry';
import { TEXT_FIELDS } from '../rules/text';

const PROBLEM: Record<ScanProblem, MessageKey> = {
  scannerFailed: 'scan.scannerFailed',
  notBag: 'scan.notBag',
  empty: 'scan.empty',
};

/** "Scan the film bag" (issue 14): the scanner inside WeChat, a dialog to type the code elsewhere. */
export function ScanEntry({ className }: { className?: string }) {
  const { t } = useI18n();
  const view = useScanEntry();
  return (
    <>
      <Button
        variant="secondary"
        className={className ? `${css.scanButton} ${className}` : css.scanButton}
        onClick={view.scan}
        disabled={view.isScanning}
        aria-busy={view.isScanning}
        data-testid="scan-entry"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M4 12h16" />
        </svg>
        {t('scan.entry')}
      </Button>
      {view.isTyping && <TypeCodeDialog view={view} />}
    </>
  );
}

function TypeCodeDialog({ view }: { view: ScanEntryView }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.submit();
  };
  return (
    <div className={ui.backdrop} onClick={view.close}>
      <form
        className={`${ui.dialog} ${css.scanDialog}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="scan-dialog-heading"
        onSubmit={submit}
        noValidate
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.key === 'Escape' && view.close()}
        data-testid="scan-dialog"
      >
        <h2 id="scan-dialog-heading" className={css.scanHeading}>{t('scan.typeHeading')}</h2>
        <p className={form.note}>{t('scan.typeIntro')}</p>
        <label className={form.field}>
          <span className={form.label}>{t('scan.codeLabel')}</span>
          <input
            ref={input}
            className={form.input}
            value={view.typed}
            onChange={(event) => view.type(event.target.value)}
            maxLength={TEXT_FIELDS.bagCode.max}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={view.problem === 'notBag' || view.problem === 'empty' ? 'true' : undefined}
            aria-describedby={view.problem ? 'scan-problem' : undefined}
            data-testid="scan-code-input"
          />
        </label>
        {view.problem && (
          <p id="scan-problem" className={form.problem} role="alert" data-testid="scan-problem" data-problem={view.problem}>
            {t(PROBLEM[view.problem])}
          </p>
        )}
        <div className={ui.dialogActions}>
          <Button variant="secondary" onClick={view.close} data-testid="scan-cancel">{t('scan.cancel')}</Button>
          <Button type="submit" data-testid="scan-go">{t('scan.go')}</Button>
        </div>
      </form>
    </div>
  );
}
