import { LinkedDownload, ReceivedDownload } from './ReceivedDownload';
import { useFoundLinkToken } from './useLinkToken';

/** downloadLink#token=: a download someone received (public). */
export default function DownloadLinkScreen() {
  const found = useFoundLinkToken();
  // Another token is another chart; without one there is nothing to move, and nothing to find.
  return found ? <LinkedDownload key={found.token} found={found} /> : <ReceivedDownload key="" token="" />;
}
