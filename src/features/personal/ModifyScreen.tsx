import type { ChangeEvent, FormEvent, InputHTMLAttributes } from 'react';
import type { NoticeKind } from '../../../machines/modify/modify.types';
import { formatGender } from '../../shared/i18n/format';
import { TEXT_FIELDS } from '../../shared/rules/text';
import { useI18n } from '../../shared/i18n/I18nProvider';
import type { MessageKey } from '../../shared/i18n/translate';
import { Button } from '../../shared/views/Button';
import * as form from '../../shared/views/form.css';
import { SkeletonList } from '../../shared/views/Skeleton';
import { StatusPage } from '../../shared/views/StatusPage';
import * as ui from '../../shared/views/ui.css';
import { UploadProgress } from '../../shared/views/UploadProgress';
import { Avatar } from './Avatar';
import { AvatarCropper } from './AvatarCropper';
import * as css from './personal.css';
import { useModify, type ModifyScreenView } from './useModify';

type NoticeWords = Partial<Record<NoticeKind, MessageKey>>;
const NICK_NAME_MAX = TEXT_FIELDS.nickName.max;
const NOTICE_WORDS: Record<'name' | 'email', NoticeWords> = {
  name: { saved: 'modify.saved', invalid: 'modify.nameInvalid', offline: 'modify.offline' },
  email: { saved: 'modify.saved', invalid: 'modify.emailInvalid', offline: 'modify.offline' },
};
const AVATAR_NOTICE: NoticeWords = {
  saved: 'modify.avatarSaved',
  refused: 'modify.avatarRefused',
  offline: 'modify.avatarOffline',
  unreadable: 'modify.avatarUnreadable',
  chooserFailed: 'modify.avatarChooserFailed',
};

/** modify (signed in): the avatar, the display name and the e-mail address; the hospital's record shown as it is. */
export default function ModifyScreen() {
  const { t } = useI18n();
  const view = useModify();
  if (view.loadFailed) {
    return <StatusPage testId="modify-failed" illustration="offline" heading={t('modify.failed')} actions={<Button onClick={view.retry}>{t('app.retry')}</Button>} />;
  }
  if (view.isLoading || !view.user) return <SkeletonList count={3} label={t('app.loading')} />;
  const { user } = view;
  const sex = formatGender(t, user.sex);
  return (
    <div className={css.page} data-testid="modify" data-state={view.state}>
      <AvatarBlock view={view} />
      <dl className={css.facts} data-testid="modify-record">
        <dt className={css.factName}>{t('modify.name')}</dt>
        <dd className={css.factValue}>{user.name}</dd>
        {sex && (
          <>
            <dt className={css.factName}>{t('modify.sex')}</dt>
            <dd className={css.factValue}>{sex}</dd>
          </>
        )}
        {user.birthDate && (
          <>
            <dt className={css.factName}>{t('modify.birthDate')}</dt>
            <dd className={css.factValue}>{user.birthDate}</dd>
          </>
        )}
        {user.phoneMasked && (
          <>
            <dt className={css.factName}>{t('modify.phone')}</dt>
            <dd className={css.factValue}>{user.phoneMasked}</dd>
          </>
        )}
        <dt className={css.factName}>{t('modify.hospital')}</dt>
        <dd className={css.factValue}>{user.hospitalName}</dd>
      </dl>
      <p className={form.note}>{t('modify.recordNote')}</p>
      <FieldForm
        view={view}
        about="name"
        label={t('modify.nickName', { max: NICK_NAME_MAX })}
        value={view.nickName}
        onEdit={view.editName}
        invalid={view.nameInvalid}
        onSave={view.saveName}
        saving={view.isSavingName}
        saveLabel="modify.saveName"
        input={{ maxLength: NICK_NAME_MAX, autoComplete: 'nickname' }}
      />
      <FieldForm
        view={view}
        about="email"
        label={t('modify.email')}
        value={view.email}
        onEdit={view.editEmail}
        invalid={view.emailInvalid}
        onSave={view.saveEmail}
        saving={view.isSavingEmail}
        saveLabel="modify.saveEmail"
        input={{ maxLength: TEXT_FIELDS.email.max, type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'off', spellCheck: false, placeholder: t('modify.emailPlaceholder') }}
      />
      {view.avatar.phase === 'cropping' && view.avatar.source && <AvatarCropper source={view.avatar.source} onCrop={view.crop} onCancel={view.cancelCrop} />}
    </div>
  );
}

function NoticeLine(props: { view: ModifyScreenView; about: 'name' | 'email' | 'avatar'; words: NoticeWords; id: string }) {
  const { t } = useI18n();
  const notice = props.view.notice;
  if (notice?.about !== props.about) return null;
  const key = props.words[notice.kind];
  if (!key) return null;
  return (
    <p id={props.id} className={notice.kind === 'saved' ? form.success : form.problem} role={notice.kind === 'saved' ? 'status' : 'alert'} data-testid={`modify-${props.about}-notice`} data-kind={notice.kind}>
      {t(key, { max: NICK_NAME_MAX })}
    </p>
  );
}

function AvatarBlock({ view }: { view: ModifyScreenView }) {
  const { t } = useI18n();
  const { avatar } = view;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again.
    event.target.value = '';
    if (file) view.picked(file);
  };
  return (
    <section className={css.avatarBlock} aria-labelledby="modify-avatar-heading">
      <h2 id="modify-avatar-heading" className={ui.visuallyHidden}>{t('modify.avatar')}</h2>
      <Avatar src={avatar.preview ?? view.user?.avatarUrl} large testId="modify-avatar" />
      {avatar.phase === 'uploading' && (
        <UploadProgress percent={avatar.percent} label={t('modify.uploading')} text={t('modify.uploadProgress', { percent: avatar.percent })} testId="modify-avatar-progress" />
      )}
      {avatar.phase === 'compressing' && <p className={form.note}>{t('modify.compressing')}</p>}
      <NoticeLine view={view} about="avatar" words={AVATAR_NOTICE} id="modify-avatar-notice" />
      <div className={ui.actions} style={{ marginTop: 0 }}>
        {avatar.phase === 'failed' && (
          <Button onClick={view.retryUpload} data-testid="modify-avatar-retry">
            {t('modify.avatarRetry')}
          </Button>
        )}
        {view.inAppChooser ? (
          <Button variant="secondary" onClick={view.chooseAvatar} disabled={!view.canStart} aria-busy={avatar.isWorking} data-testid="modify-avatar-choose">
            {t('modify.avatarChange')}
          </Button>
        ) : (
          <label className={`${ui.button.secondary} ${css.chooseLabel}`} aria-disabled={!view.canStart} aria-busy={avatar.isWorking}>
            {t('modify.avatarChange')}
            <input className={css.fileInput} type="file" accept="image/*" onChange={pick} disabled={!view.canStart} data-testid="modify-avatar-input" />
          </label>
        )}
      </div>
    </section>
  );
}

/** One field of the profile saved on its own: its input, its notice line and its save button. */
function FieldForm(props: {
  view: ModifyScreenView;
  about: 'name' | 'email';
  label: string;
  value: string;
  onEdit: (value: string) => void;
  invalid: boolean;
  onSave: () => void;
  saving: boolean;
  saveLabel: MessageKey;
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  const { t } = useI18n();
  const noticeId = `modify-${props.about}-notice`;
  // A refused display name says whether a hidden character or the length is wrong; a refused address, which part.
  const words = { ...NOTICE_WORDS[props.about], invalid: props.about === 'name' ? props.view.nameInvalidWords : props.view.emailInvalidWords };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave();
  };
  return (
    <form className={form.form} onSubmit={submit} noValidate data-testid={`modify-${props.about}-form`}>
      <label className={form.field}>
        <span className={form.label}>{props.label}</span>
        <input
          {...props.input}
          className={form.input}
          value={props.value}
          onChange={(event) => props.onEdit(event.target.value)}
          aria-invalid={props.invalid ? 'true' : undefined}
          aria-describedby={noticeId}
          data-testid={`modify-${props.about}`}
        />
      </label>
      <NoticeLine view={props.view} about={props.about} words={words} id={noticeId} />
      <Button type="submit" disabled={!props.view.canStart} aria-busy={props.saving} data-testid={`modify-${props.about}-save`}>
        {t(props.saving ? 'modify.saving' : props.saveLabel)}
      </Button>
    </form>
  );
}
