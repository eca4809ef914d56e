import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { ReportTerm } from '../../shared/i18n/reportTerms';
import { impressionItems, readReport, type ImpressionItem } from '../../shared/rules/reportReading';
import { Button } from '../../shared/views/Button';
import { keepFocusInside, useFocusBackOnClose } from '../../shared/views/ConfirmDialog';
import * as css from './reportWords.css';

/** A term the patient tapped, and how the report wrote it. */
export interface LookedUp {
  term: ReportTerm;
  written: string;
}

/** The doctor's text as written, each word of the glossary a tap away from its plain meaning. */
export function ReportText({ text, onLookUp }: { text: string; onLookUp: (looked: LookedUp) => void }) {
  return (
    <>
      {readReport(text).map((piece, index) =>
        piece.term ? (
          <button
            key={index}
            type="button"
            className={css.term}
            aria-haspopup="dialog"
            data-testid="report-term"
            data-term={piece.term.id}
            onClick={() => onLookUp({ term: piece.term, written: piece.text })}
          >
            {piece.text}
          </button>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}

/** The first sentence of a plain explanation: the summary's gloss of a term. */
function gloss(plain: string): string {
  return /^.*?(?:[。！？]|[.!?](?=\s|$))/.exec(plain)?.[0] ?? plain;
}

/**
 * The impression's items in plain words (issue 27 §1): what each names, with a short gloss, its
 * size and category in words, what it rules out, and the way to the images where the AI located
 * it. Nothing is added that the doctor did not write; an item the glossary cannot read says so.
 */
export function PlainSummary({
  impression,
  onLookUp,
  onImages,
}: {
  impression: string | null | undefined;
  onLookUp: (looked: LookedUp) => void;
  /** Where the AI located what an item names, if it did: the viewer on that finding. */
  onImages: (item: ImpressionItem) => string | null;
}) {
  const { t, locale } = useI18n();
  const items = impressionItems(impression);
  if (!items.some((item) => item.terms.length > 0 || item.normal || item.categories.length > 0)) return null;
  const list = locale === 'en' ? ', ' : '、';
  return (
    <section className={css.summary} aria-labelledby="report-plain" data-testid="report-plain">
      <h4 id="report-plain" className={css.summaryHeading}>{t('report.plain.heading')}</h4>
      <ul className={css.summaryItems}>
        {items.map((item, index) => {
          const images = item.terms.length > 0 ? onImages(item) : null;
          return (
            <li key={index} className={css.summaryItem} data-testid="report-plain-item">
              <p className={css.summaryQuote} data-authored="doctor">
                {item.text}
              </p>
              {item.terms.length > 0 && (
                <p className={css.summaryNames}>
                  {item.terms.map((term, at) => (
                    <span key={term.id}>
                      {at > 0 && list}
                      <button type="button" className={css.term} aria-haspopup="dialog" data-testid="report-plain-term" onClick={() => onLookUp({ term, written: term.name[locale] })}>
                        {term.name[locale]}
                      </button>
                    </span>
                  ))}
                </p>
              )}
              {item.terms.map((term) => (
                <p key={term.id} className={css.summaryLine}>{gloss(term.plain[locale])}</p>
              ))}
              {item.size && <p className={css.summaryLine}>{t('report.plain.size', { size: item.size })}</p>}
              {item.categories.map((category) => (
                <p key={category.system} className={css.summaryLine} data-testid="report-plain-category">
                  {t('report.plain.category', { system: category.system, value: category.value, meaning: category.meaning[locale] })}
                </p>
              ))}
              {item.ruledOut.length > 0 && (
                <p className={css.summaryLine}>{t('report.plain.ruledOut', { terms: item.ruledOut.map((term) => term.name[locale]).join(list) })}</p>
              )}
              {item.normal && <p className={css.summaryLine}>{t('report.plain.normal')}</p>}
              {item.terms.length === 0 && !item.normal && item.categories.length === 0 && item.ruledOut.length === 0 && (
                <p className={css.summaryNote}>{t('report.plain.unknown')}</p>
              )}
              {images && (
                <Link className={css.onImages} to={images} data-testid="report-plain-images">
                  {t('report.plain.onImages')}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <p className={css.summaryNote}>{t('report.plain.note')}</p>
    </section>
  );
}

/** One word's plain meaning, from the bottom of the screen; Escape, the backdrop or Close put it away. */
export function TermSheet({ looked, onClose }: { looked: LookedUp; onClose: () => void }) {
  const { t, locale } = useI18n();
  const sheet = useRef<HTMLDivElement>(null);
  // Closed, focus goes back to the word that opened it.
  useFocusBackOnClose();
  useLayoutEffect(() => sheet.current?.focus(), []);
  const { term, written } = looked;
  const name = term.name[locale];
  return (
    <div className={css.sheetBackdrop} onClick={onClose}>
      <div
        ref={sheet}
        tabIndex={-1}
        className={css.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby="term-sheet-title"
        data-testid="term-sheet"
        data-term={term.id}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
          keepFocusInside(event);
        }}
      >
        <h2 id="term-sheet-title" className={css.sheetTitle}>{name}</h2>
        {written !== name && (
          <p className={css.sheetWritten}>
            {t('report.term.written')} <span data-authored="doctor">{written}</span>
          </p>
        )}
        <p className={css.sheetText} data-testid="term-sheet-plain">{term.plain[locale]}</p>
        <p className={css.sheetAsk} data-testid="term-sheet-ask">
          <span className={css.sheetAskLabel}>{t('report.term.ask')}</span>
          {term.ask[locale]}
        </p>
        <Button variant="secondary" onClick={onClose}>
          {t('report.term.close')}
        </Button>
      </div>
    </div>
  );
}
