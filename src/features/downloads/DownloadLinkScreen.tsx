import { useLocation } from 'react-router-dom';
import { ReceivedDownload } from './ReceivedDownload';

/** downloadLink?token=: a download someone received (public). */
export default function DownloadLinkScreen() {
  const token = new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
  return <ReceivedDownload key={token} token={token} />;
}
