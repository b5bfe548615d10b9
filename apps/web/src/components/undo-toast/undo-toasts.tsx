import { useTranslation } from 'react-i18next';
import { dismissUndo, undoDelete, useUndoStore } from '../../lib/undo-delete';
import './undo-toasts.css';

/**
 * The toasts of deletes that can still be undone (lib/undo-delete): "Comment deleted · Undo".
 * One polite live region says each; the Undo button is a plain button in the page's tab order.
 */
export function UndoToasts() {
  const { t } = useTranslation();
  const pending = useUndoStore((state) => state.pending);
  const shown = pending.filter((item) => item.state !== 'sending');
  return (
    <div className="undo-toasts" role="status" aria-live="polite">
      {shown.map((item) => (
        <div key={item.key} className={`undo-toast ${item.state === 'failed' ? 'undo-toast--failed' : ''}`} data-testid="undo-toast">
          <span className="undo-toast__text">{t(item.state === 'failed' ? `undo.failed.${item.kind}` : `undo.deleted.${item.kind}`)}</span>
          {item.state === 'failed' ? (
            <button type="button" className="undo-toast__action" aria-label={t('undo.dismiss')} onClick={() => dismissUndo(item.key)}>
              ×
            </button>
          ) : (
            <button type="button" className="undo-toast__action" onClick={() => undoDelete(item.key)}>
              {t('undo.undo')}
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
