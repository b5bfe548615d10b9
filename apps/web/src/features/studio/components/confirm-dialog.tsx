import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';

interface ConfirmDialogProps {
  /** The question, e.g. 'Delete this track?'; also the dialog's name. */
  question: string;
  /** What is being deleted, shown under the question. */
  subject?: string;
  open: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirming button's label; Delete unless given. */
  confirmLabel?: string;
}

/** Asks before a deletion: Delete confirms, Cancel, Escape and the backdrop do nothing. */
export function ConfirmDialog({ question, subject, open, busy = false, onConfirm, onCancel, confirmLabel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={question}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('studio.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
            {confirmLabel ?? t('studio.delete')}
          </button>
        </>
      }
    >
      {subject && <p className="studio-confirm__subject">{subject}</p>}
    </Dialog>
  );
}
