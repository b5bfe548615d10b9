import { useTranslation } from 'react-i18next';

/** A studio form's last row: its submit button (saying so while busy) and Cancel. */
export function FormActions({ label, busyLabel, busy, disabled = busy, onCancel }: { label: string; busyLabel: string; busy: boolean; disabled?: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="upload-form__actions">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('studio.cancel')}
      </button>
    </div>
  );
}
