import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../api/put-file';

const KB = 1024;
const MB = 1024 * KB;

/** Both numbers in the unit of the total, so that they read as "120 / 480 KB" or "1.2 / 4.8 MB". */
function formatBytes(t: TFunction, sent: number, total: number): string {
  if (total >= MB) return t('upload.sizeMb', { sent: (sent / MB).toFixed(1), total: (total / MB).toFixed(1) });
  return t('upload.sizeKb', { sent: Math.round(sent / KB), total: Math.round(total / KB) });
}

/** Bytes sent of the file, as XMLHttpRequest reports them. */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const { t } = useTranslation();
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;
  const text = `${percent}% · ${formatBytes(t, progress.sent, progress.total)}`;
  return (
    <div className="upload-progress">
      <div
        className="upload-progress__bar"
        role="progressbar"
        aria-label={t('upload.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div className="upload-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="upload-progress__text">{text}</span>
    </div>
  );
}
