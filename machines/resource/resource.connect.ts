import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ResourceMachine } from './resource.machine';

/** What a view of a loaded thing needs. */
export function connectResource<T>(snapshot: SnapshotFrom<ResourceMachine>, send: ActorRefFrom<ResourceMachine>['send']) {
  return {
    state: String(snapshot.value),
    isLoading: snapshot.matches('loading'),
    isFailed: snapshot.matches('failed'),
    /** The load actor's answer: the app that provided `load` knows its type. */
    data: snapshot.matches('ready') ? (snapshot.context.data as T) : null,
    retry: () => send({ type: 'RETRY' }),
    reload: () => send({ type: 'RELOAD' }),
  };
}
export type ResourceView<T> = ReturnType<typeof connectResource<T>>;
