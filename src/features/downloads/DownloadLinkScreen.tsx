import { ReceivedDownload } from './ReceivedDownload';
import { useLinkToken } from './useLinkToken';

/** downloadLink#token=: a download someone received (public). */
export default function DownloadLinkScreen() {
  const token = useLinkToken() ?? '';
  return <ReceivedDownload key={token} token={token} />;
}
