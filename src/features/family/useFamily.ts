import { useCallback, useMemo } from 'react';
import type { FamilyMember } from '../../shared/api/familySchemas';
import { useConfirmedAction } from '../../shared/charts/useConfirmedAction';
import { useResource } from '../../shared/charts/useResource';
import { ROUTE } from '../../shared/navigation/routes';
import { reloadAt } from '../../shared/navigation/reloadAt';
import { useServices } from '../../shared/services';
import type { ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { loadFamily, removeFamilyMember } from './familyCalls';

const NO_REQUEST = {};

/**
 * The patient's family (issue 27 §2): the members, whom this tab acts for, switching (the app starts
 * afresh at home, so nothing of the last person's records stays on screen or in memory), and
 * removing a member after the patient confirms.
 */
export function useFamily() {
  const { api, family } = useServices();
  const load = useCallback((_: object, signal: AbortSignal) => loadFamily(api, signal), [api]);
  const list = useResource(load, NO_REQUEST, { quiet: true });
  const act = useCallback(
    async (item: ActionItem) => {
      const answer = await removeFamilyMember(api, item.id);
      // Removing the member this tab acts for brings the patient back to their own records, afresh.
      if (answer.ok && family.current()?.memberId === item.id) {
        family.actForSelf();
        reloadAt(ROUTE.personal.path);
      }
      return answer;
    },
    [api, family],
  );
  const remove = useConfirmedAction(act, list.reload);
  const stored = family.current();
  const members = list.data?.members ?? null;
  const actAs = useCallback(
    (member: FamilyMember | null) => {
      if (member) family.actFor({ memberId: member.memberId, name: member.name, relation: member.relation });
      else family.actForSelf();
      reloadAt(ROUTE.Home.path);
    },
    [family],
  );
  return useMemo(
    () => ({
      members,
      /** The member this tab acts for, or null for the patient themself. */
      acting: stored,
      /** The member this tab acts for is no longer in the family (removed elsewhere). */
      actingGone: stored !== null && members !== null && !members.some((member) => member.memberId === stored.memberId),
      actAs,
      remove,
    }),
    [members, stored, actAs, remove],
  );
}
export type FamilyView = ReturnType<typeof useFamily>;
