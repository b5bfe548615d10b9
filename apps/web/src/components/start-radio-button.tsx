import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './start-radio-button.css';

/**
 * Starts a radio with `start` (app/ wires the player) and says how it went: whether there was
 * anything to play, or that it failed. The one wording of "Start radio" for the button below and
 * the track actions sheet's row.
 */
export function startRadioStatus(start: () => Promise<boolean>, t: TFunction): Promise<string> {
  return start()
    .then((started) => (started ? t('radio.started') : t('radio.nothing')))
    .catch((error: unknown) => {
      console.error('radio', error);
      return t('radio.failed');
    });
}

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
          void startRadioStatus(onStart, t)
            .then(setStatus)
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
