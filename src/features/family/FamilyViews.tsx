import { Link } from 'react-router-dom';
import { FAMILY_RELATIONS } from '../../shared/api/familySchemas';
import { useI18n } from '../../shared/i18n/I18nProvider';
import { ConfirmDialog } from '../../shared/views/ConfirmDialog';
import * as css from './family.css';
import { addMemberHref, FAMILY_SECTION_HREF } from '../../shared/navigation/familyLinks';
import { useFamily } from './useFamily';
import { useMemberLabel } from './memberLabel';

/**
 * Home (signed in): whose records the app shows, the patient's own or a family member's, one tap
 * to switch (issue 27 §2), and the way to add someone.
 */
export function FamilySwitcher() {
  const { t } = useI18n();
  const view = useFamily();
  const label = useMemberLabel();
  return (
    <section className={css.switcher} aria-labelledby="family-switcher-heading" data-testid="family-switcher">
      <div className={css.switcherTop}>
        <h3 id="family-switcher-heading" className={css.heading}>{t('family.whose')}</h3>
        <Link className={css.addLink} to={FAMILY_SECTION_HREF} data-testid="family-add">
          {t('family.addShort')}
        </Link>
      </div>
      <div className={css.chips}>
        <button type="button" className={css.personChip} aria-pressed={view.acting === null} onClick={() => view.actAs(null)} data-testid="family-self">
          {t('family.me')}
        </button>
        {(view.members ?? []).map((member) => (
          <button
            key={member.memberId}
            type="button"
            className={css.personChip}
            aria-pressed={view.acting?.memberId === member.memberId}
            onClick={() => view.actAs(member)}
            data-testid="family-member"
            data-member-id={member.memberId}
          >
            {label(member)}
          </button>
        ))}
      </div>
      {view.actingGone && <p className={css.note} role="alert" data-testid="family-gone">{t('family.gone')}</p>}
    </section>
  );
}

/** The personal centre: the patient's family, remove (confirmed), and add a parent, a child, ... */
export function FamilySection() {
  const { t } = useI18n();
  const view = useFamily();
  const label = useMemberLabel();
  const asked = view.members?.find((member) => member.memberId === view.remove.itemId);
  return (
    <section id="family" className={css.section} aria-labelledby="family-heading" data-testid="family-section">
      <h2 id="family-heading" className={css.heading}>{t('family.heading')}</h2>
      <p className={css.note}>{t('family.intro')}</p>
      {view.members && view.members.length > 0 && (
        <ul className={css.members}>
          {view.members.map((member) => (
            <li key={member.memberId} className={css.member} data-testid="family-row" data-member-id={member.memberId}>
              <span className={css.memberName}>{label(member)}</span>
              <button
                type="button"
                className={css.remove}
                onClick={() => view.remove.ask({ id: member.memberId })}
                disabled={view.remove.isBusy}
                aria-label={t('family.removeLabel', { who: label(member) })}
                data-testid="family-remove"
              >
                {t('family.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={css.adds}>
        {FAMILY_RELATIONS.filter((relation) => relation === 'parent' || relation === 'child').map((relation) => (
          <Link key={relation} className={css.addChip} to={addMemberHref(relation)} data-testid={`family-add-${relation}`}>
            {t(`family.add.${relation}`)}
          </Link>
        ))}
      </div>
      {view.remove.isConfirming && asked && (
        <ConfirmDialog
          testId="family-remove-dialog"
          message={t('family.removeConfirm', { who: label(asked) })}
          confirmLabel={t('family.removeYes')}
          dismissLabel={t('family.removeNo')}
          onConfirm={view.remove.confirm}
          onDismiss={view.remove.dismiss}
        />
      )}
    </section>
  );
}
