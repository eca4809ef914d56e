import type { SnapshotFrom } from 'xstate';
import type { LinkTokenMachine } from './linkToken.machine';

/** The token the received download is asked for with. */
export function connectLinkToken(snapshot: SnapshotFrom<LinkTokenMachine>) {
  return {
    state: String(snapshot.value),
    token: snapshot.context.token,
    /** The token is on its way from the query to the fragment. */
    isHiding: snapshot.matches('hiding'),
  };
}
export type LinkTokenView = ReturnType<typeof connectLinkToken>;
