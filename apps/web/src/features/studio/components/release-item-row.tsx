import { useTranslation } from 'react-i18next';
import { DragHandle, SortableItem } from '../../../components/sortable/sortable';
import type { ReleaseItem } from '../release-uploads';
import { UploadProgressBar } from './upload-progress';

/** One track of the release form's list: a file (title, upload status, Retry) or a published track, with its order and removal. */
export function ReleaseItemRow(props: {
  item: ReleaseItem;
  index: number;
  last: boolean;
  busy: boolean;
  onRename: (title: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { item, index, last, busy, onRename, onMove, onRemove, onRetry } = props;
  const { t } = useTranslation();
  const title = item.kind === 'file' ? item.title : item.track.title;
  const percent = item.kind === 'file' && item.progress && item.progress.total > 0 ? Math.round((item.progress.sent / item.progress.total) * 100) : 0;
  const status =
    item.kind === 'track'
      ? t('releases.form.existing')
      : item.status === 'waiting'
        ? t('releases.form.waiting')
        : item.status === 'uploading'
          ? t('releases.form.uploading', { percent })
          : item.status === 'done'
            ? t('releases.form.uploaded')
            : t('releases.form.failed', { reason: item.error ?? '' });
  return (
    <SortableItem id={item.key} disabled={busy} className={`release-item ${item.kind === 'file' && item.status === 'failed' ? 'release-item--failed' : ''}`} data-testid="release-item">
      <span className="release-item__number">{index + 1}</span>
      <div className="release-item__main">
        {item.kind === 'file' && item.status !== 'done' ? (
          <input className="input release-item__title" aria-label={t('upload.trackTitle')} value={item.title} disabled={item.status === 'uploading'} onChange={(event) => onRename(event.currentTarget.value)} />
        ) : (
          <span className="release-item__title">{title}</span>
        )}
        <span className="release-item__status" data-testid="release-item-status" role={item.kind === 'file' && item.status === 'failed' ? 'alert' : undefined}>
          {status}
        </span>
        {item.kind === 'file' && item.status === 'uploading' && item.progress && <UploadProgressBar progress={item.progress} />}
      </div>
      <div className="release-item__actions">
        {item.kind === 'file' && item.status === 'failed' && (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('releases.form.retry')}
          </button>
        )}
        <DragHandle label={t('sortable.handle', { title })} />
        <button type="button" className="button button--link" aria-label={t('releases.form.moveUp', { title })} disabled={index === 0 || busy} onClick={() => onMove(-1)}>
          ↑
        </button>
        <button type="button" className="button button--link" aria-label={t('releases.form.moveDown', { title })} disabled={last || busy} onClick={() => onMove(1)}>
          ↓
        </button>
        <button type="button" className="button button--link" aria-label={t('releases.form.remove', { title })} disabled={busy && item.kind === 'file' && item.status === 'uploading'} onClick={onRemove}>
          ✕
        </button>
      </div>
    </SortableItem>
  );
}
