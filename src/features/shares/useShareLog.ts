import { useCallback, useMemo } from 'react';
import type { ActionItem } from '../../../machines/confirmedAction/confirmedAction.types';
import { useConfirmedAction } from '../../shared/charts/useConfirmedAction';
import { useResource } from '../../shared/charts/useResource';
import { useServices } from '../../shared/services';
import { loadShareLog, setShareNotify } from './shareCalls';

/**
 * Who opened a share (issue 27 §4): its log loads as one thing, and the owner's notices switch on
 * or off after they confirm, then the log loads again to show the switch as the server has it.
 */
export function useShareLog(shareId: string) {
  const { api } = useServices();
  const load = useCallback((request: { shareId: string }, signal: AbortSignal) => loadShareLog(api, request, signal), [api]);
  const log = useResource(load, useMemo(() => ({ shareId }), [shareId]));
  const act = useCallback((item: ActionItem) => setShareNotify(api, item.id, item.setTo === true), [api]);
  const notify = useConfirmedAction(act, log.reload);
  return { log, notify };
}
export type ShareLogView = ReturnType<typeof useShareLog>;
