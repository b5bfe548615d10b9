import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../api/put-file';

const MB = 1024 * 1024;

export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const { t } = useTranslation();
  const percent = progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  return (
    <div className="upload-progress">
      <progress className="upload-progress__bar" value={progress.sent} max={progress.total || 1} aria-label={t('upload.progress')} />
      <span className="upload-progress__text">
        {percent}% · {(progress.sent / MB).toFixed(1)} / {(progress.total / MB).toFixed(1)} MB
      </span>
    </div>
  );
}
