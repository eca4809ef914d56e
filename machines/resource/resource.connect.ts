import type { SnapshotFrom } from 'xstate';
import type { ResourceMachine } from './resource.machine';

/** What a view needs from a resource snapshot: plain values and the state name for `data-state`. */
export function connectResource<T>(snapshot: SnapshotFrom<ResourceMachine<T>>) {
  const state = snapshot.value;
  return {
    state,
    data: snapshot.context.data,
    isLoading: snapshot.hasTag('busy'),
    isFailed: state === 'failed',
    canRetry: snapshot.can({ type: 'RETRY' }),
    canReload: snapshot.can({ type: 'RELOAD' }),
  };
}
