import type { FamilyRelation } from '../../shared/api/familySchemas';
import { useI18n } from '../../shared/i18n/I18nProvider';

/** "Parent · 李梅": how a family member is named everywhere. */
export function useMemberLabel() {
  const { t } = useI18n();
  return (member: { relation: FamilyRelation; name: string }) => t('family.memberLabel', { relation: t(`family.relation.${member.relation}`), name: member.name });
}
