import type { ChangeEvent, FormEvent } from 'react';
import type { NoticeKind } from '../../../machines/modify/modify.types';
import { NICK_NAME_MAX } from '../../shared/api/centerSchemas';
import { formatGender } from '../../shared/i18n/format';
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

const NAME_NOTICE: Partial<Record<NoticeKind, MessageKey>> = { saved: 'modify.saved', invalid: 'modify.nameInvalid', offline: 'modify.offline' };
const EMAIL_NOTICE: Partial<Record<NoticeKind, MessageKey>> = { saved: 'modify.saved', invalid: 'modify.emailInvalid', offline: 'modify.offline' };
const AVATAR_NOTICE: Partial<Record<NoticeKind, MessageKey>> = {
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
      <NameForm view={view} />
      <EmailForm view={view} />
      {view.avatar.phase === 'cropping' && view.avatar.source && <AvatarCropper source={view.avatar.source} onCrop={view.crop} onCancel={view.cancelCrop} />}
    </div>
  );
}

function NoticeLine(props: { view: ModifyScreenView; about: 'name' | 'email' | 'avatar'; words: Partial<Record<NoticeKind, MessageKey>>; id: string }) {
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

function NameForm({ view }: { view: ModifyScreenView }) {
  const { t } = useI18n();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.saveName();
  };
  return (
    <form className={form.form} onSubmit={submit} noValidate data-testid="modify-name-form">
      <label className={form.field}>
        <span className={form.label}>{t('modify.nickName', { max: NICK_NAME_MAX })}</span>
        <input
          className={form.input}
          value={view.nickName}
          onChange={(event) => view.editName(event.target.value)}
          maxLength={NICK_NAME_MAX}
          autoComplete="nickname"
          aria-invalid={view.nameInvalid ? 'true' : undefined}
          aria-describedby="modify-name-notice"
          data-testid="modify-name"
        />
      </label>
      <NoticeLine view={view} about="name" words={NAME_NOTICE} id="modify-name-notice" />
      <Button type="submit" disabled={!view.canStart} aria-busy={view.isSavingName} data-testid="modify-name-save">
        {t(view.isSavingName ? 'modify.saving' : 'modify.saveName')}
      </Button>
    </form>
  );
}

function EmailForm({ view }: { view: ModifyScreenView }) {
  const { t } = useI18n();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.saveEmail();
  };
  return (
    <form className={form.form} onSubmit={submit} noValidate data-testid="modify-email-form">
      <label className={form.field}>
        <span className={form.label}>{t('modify.email')}</span>
        <input
          className={form.input}
          type="email"
          inputMode="email"
          value={view.email}
          onChange={(event) => view.editEmail(event.target.value)}
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('modify.emailPlaceholder')}
          aria-invalid={view.emailInvalid ? 'true' : undefined}
          aria-describedby="modify-email-notice"
          data-testid="modify-email"
        />
      </label>
      <NoticeLine view={view} about="email" words={EMAIL_NOTICE} id="modify-email-notice" />
      <Button type="submit" disabled={!view.canStart} aria-busy={view.isSavingEmail} data-testid="modify-email-save">
        {t(view.isSavingEmail ? 'modify.saving' : 'modify.saveEmail')}
      </Button>
    </form>
  );
}
