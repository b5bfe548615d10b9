import { DownloadSection } from './download-section';
import './marketing.css';

/** /platter-started: the landing's download section as a page of its own. */
export function StartedPage() {
  return (
    <div className="landing landing--page">
      <DownloadSection id="get-started" headingLevel={1} />
    </div>
  );
}
