/**
 * A download link's token (issue 22): links keep it in the fragment (`#token=`), which no server,
 * proxy or Referer sees. A link made before that has it in the query: it is moved into the
 * fragment at once, so it leaves the address, the history and any Referer; the download it
 * opens is asked for with it (as X-Download-Token) all the same, without waiting for the move.
 */
export interface LinkTokenInput {
  /** The token the address holds. */
  token: string;
  /** Whether the address holds it in the query (an old link), not the fragment. */
  inQuery: boolean;
}

export type LinkTokenContext = LinkTokenInput;
