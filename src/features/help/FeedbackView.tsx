import type { ChangeEvent, FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { FeedbackProblem, ImageNotice, ImageQuality } from '../../../machines/feedback/feedback.types';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGES_MAX_BYTES } from '../../shared/api/helpSchemas';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { ROUTE } from '../../shared/navigation/routes';
import { formatDate } from '../../shared/rules/dates';
import { Button } from '../../shared/views/Button';
import * as form from '../../shared/views/form.css';
import { RadioChoices } from '../../shared/views/RadioChoices';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import { UploadProgress } from '../../shared/views/UploadProgress';
import * as css from './help.css';
import { useFeedback, type FeedbackScreenView } from './useFeedback';
import { useQuestionTypes } from './useQuestionTypes';

const PROBLEM: Record<FeedbackProblem, MessageKey> = {
  contentShort: 'feedback.problem.contentShort',
  contentLong: 'feedback.problem.contentLong',
  contentCharacters: 'feedback.problem.contentCharacters',
  contactInvalid: 'feedback.problem.contactInvalid',
  tooManyImages: 'feedback.problem.tooManyImages',
  imageTooLarge: 'feedback.problem.imageTooLarge',
  notAnImage: 'feedback.problem.notAnImage',
  uploadTooLarge: 'feedback.problem.uploadTooLarge',
  rateLimited: 'feedback.problem.rateLimited',
  refused: 'feedback.problem.refused',
  offline: 'feedback.problem.offline',
};
const MB = 1024 * 1024;
const NOTICE: Record<ImageNotice, MessageKey> = {
  tooMany: 'feedback.notice.tooMany',
  unreadable: 'feedback.notice.unreadable',
  chooserFailed: 'feedback.notice.chooserFailed',
};
const QUALITIES: readonly ImageQuality[] = ['compressed', 'original'];

/** help?view=feedback (public): tell the hospital what went wrong, with images; a signed-in patient's feedback is theirs. */
export function FeedbackView() {
  const { t } = useI18n();
  const view = useFeedback();
  if (view.isRestoring) return <SkeletonList count={2} label={t('app.loading')} />;
  if (view.receipt) {
    return (
      <StatusPage
        testId="feedback-received"
        illustration="empty"
        heading={t('feedback.received')}
        text={t('feedback.receivedText', { time: formatDate(view.receipt.receivedAt, 'YYYY-MM-DD HH:mm') })}
        actions={
          <>
            <Link className={ui.button.primary} to={ROUTE.help.path} data-testid="feedback-back">
              {t('feedback.backToHelp')}
            </Link>
            <Button variant="secondary" onClick={view.another} data-testid="feedback-another">
              {t('feedback.another')}
            </Button>
          </>
        }
      >
        <p className={css.receiptId} data-testid="feedback-id">
          {t('feedback.id', { id: view.receipt.feedbackId })}
        </p>
      </StatusPage>
    );
  }
  return <FeedbackForm view={view} />;
}

function FeedbackForm({ view }: { view: FeedbackScreenView }) {
  const { t } = useI18n();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.send();
  };
  const problemText =
    view.problem &&
    (view.problem === 'refused' && view.serverMessage
      ? view.serverMessage
      : t(PROBLEM[view.problem], {
          max: view.contactMax,
          maxImages: view.maxImages,
          imageMb: FEEDBACK_IMAGE_MAX_BYTES / MB,
          totalMb: FEEDBACK_IMAGES_MAX_BYTES / MB,
          minutes: Math.max(1, Math.ceil((view.retryAfterSeconds ?? 0) / 60)),
        }));
  return (
    <form className={form.form} onSubmit={submit} noValidate data-testid="feedback-form" data-client-id={view.clientId} data-state={view.state}>
      <h2 className={css.sectionTitle} style={{ padding: 0 }}>{t('feedback.heading')}</h2>
      <p className={form.note}>{t('feedback.intro')}</p>
      <QuestionType view={view} />
      <label className={form.field}>
        <span className={form.label}>{t('feedback.contentLabel')}</span>
        <textarea
          className={css.textarea}
          rows={5}
          value={view.content}
          onChange={(event) => view.editContent(event.target.value)}
          maxLength={view.contentMax}
          readOnly={!view.canEdit || view.isSending}
          placeholder={t('feedback.contentPlaceholder')}
          aria-invalid={view.contentInvalid ? 'true' : undefined}
          aria-describedby={view.contentInvalid ? 'feedback-counter feedback-problem' : 'feedback-counter'}
          data-testid="feedback-content"
        />
        <span id="feedback-counter" className={css.counter} data-testid="feedback-counter">
          {t('feedback.counter', { count: view.contentLength, max: view.contentMax })}
        </span>
      </label>
      <Images view={view} />
      <label className={form.field}>
        <span className={form.label}>{t('feedback.contactLabel')}</span>
        <input
          className={form.input}
          value={view.contact}
          onChange={(event) => view.editContact(event.target.value)}
          maxLength={view.contactMax}
          autoComplete="off"
          readOnly={view.isSending}
          aria-invalid={view.contactInvalid ? 'true' : undefined}
          aria-describedby={view.contactInvalid ? 'feedback-problem' : undefined}
          placeholder={t('feedback.contactPlaceholder')}
          data-testid="feedback-contact"
        />
      </label>
      {problemText && (
        <p id="feedback-problem" className={form.problem} role="alert" data-testid="feedback-problem" data-problem={view.problem}>
          {problemText}
        </p>
      )}
      {view.isSending && (
        <UploadProgress percent={view.percent} label={t('feedback.sending')} text={t('feedback.progress', { percent: view.percent })} testId="feedback-progress" />
      )}
      <Button type="submit" disabled={!view.canAct} aria-busy={view.isSending} data-testid="feedback-send">
        {t(view.isSending ? 'feedback.sending' : 'feedback.send')}
      </Button>
    </form>
  );
}

/** The question types of the help centre, to say what the feedback is about; hidden when they cannot load. */
function QuestionType({ view }: { view: FeedbackScreenView }) {
  const { t } = useI18n();
  const types = useQuestionTypes();
  if (!types.data || types.data.types.length === 0) return null;
  return (
    <label className={form.field}>
      <span className={form.label}>{t('feedback.typeLabel')}</span>
      <select
        className={form.select}
        value={view.typeId ?? ''}
        onChange={(event) => view.chooseType(event.target.value || null)}
        disabled={view.isSending}
        data-testid="feedback-type"
      >
        <option value="">{t('feedback.typeNone')}</option>
        {types.data.types.map((type) => (
          <option key={type.typeId} value={type.typeId}>
            {type.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Images({ view }: { view: FeedbackScreenView }) {
  const { t } = useI18n();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same file may be chosen again after it was removed.
    event.target.value = '';
    if (files.length) view.picked(files);
  };
  const busy = view.isChoosing || view.isAdding;
  return (
    <div className={form.field}>
      <span className={form.label} id="feedback-images-label">
        {t('feedback.imagesLabel', { count: view.images.length, max: view.maxImages })}
      </span>
      <ul className={css.thumbs} aria-labelledby="feedback-images-label">
        {view.images.map((image, i) => (
          <li key={image.id} className={css.thumb} data-testid="feedback-image">
            <img className={css.thumbImage} src={image.dataUrl} alt={t('feedback.imageAlt', { n: i + 1 })} />
            {!view.isSending && (
              <button type="button" className={css.thumbRemove} onClick={() => view.removeImage(image.id)} aria-label={t('feedback.removeImage', { n: i + 1 })} data-testid="feedback-image-remove">
                <span className={css.thumbRemoveMark} aria-hidden="true">×</span>
              </button>
            )}
          </li>
        ))}
        {view.room > 0 && !view.isSending && (
          <li>
            {view.inAppChooser ? (
              <button type="button" className={css.addTile} onClick={view.chooseImages} disabled={!view.canAct} aria-busy={busy} data-testid="feedback-add-images">
                <span className={css.addPlus} aria-hidden="true">+</span>
                {t(busy ? 'feedback.adding' : 'feedback.addImages')}
              </button>
            ) : (
              <label className={css.addTile} aria-busy={busy}>
                <span className={css.addPlus} aria-hidden="true">+</span>
                {t(busy ? 'feedback.adding' : 'feedback.addImages')}
                <input className={css.fileInput} type="file" accept="image/*" multiple onChange={pick} disabled={!view.canAct} data-testid="feedback-file-input" />
              </label>
            )}
          </li>
        )}
      </ul>
      {view.notice && (
        <p className={form.problem} role="alert" data-testid="feedback-notice" data-notice={view.notice}>
          {t(NOTICE[view.notice], { max: view.maxImages })}
        </p>
      )}
      {view.images.length > 0 && (
        <RadioChoices
          options={QUALITIES}
          value={view.quality}
          onChange={view.setQuality}
          renderOption={(quality) => t(quality === 'original' ? 'feedback.original' : 'feedback.compressed')}
          testId={(quality) => `feedback-quality-${quality}`}
          label={{ text: t('feedback.qualityLabel') }}
          disabled={view.isSending}
        />
      )}
      {view.originalsGone && (
        <p className={form.note} data-testid="feedback-original-note">{t('feedback.originalGone')}</p>
      )}
    </div>
  );
}
