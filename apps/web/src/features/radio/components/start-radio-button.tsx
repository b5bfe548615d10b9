import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Start radio": `onStart` starts it (app/ wires the player) and resolves whether there was
 * anything to play; the button then says so.
 */
export function StartRadioButton({ onStart, className = 'button button--secondary' }: { onStart: () => Promise<boolean>; className?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  return (
    <span className="start-radio">
      <button
        type="button"
        className={className}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setStatus('');
          onStart()
            .then((started) => setStatus(started ? t('radio.started') : t('radio.nothing')))
            .catch((error: unknown) => {
              console.error('radio', error);
              setStatus(t('radio.failed'));
            })
            .finally(() => setBusy(false));
        }}
      >
        {t('radio.start')}
      </button>
      {status && (
        <span className="start-radio__status" role="status">
          {status}
        </span>
      )}
    </span>
  );
}
