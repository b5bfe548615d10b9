import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { Icon, type IconProps } from '../../../components/icons';
import { EQ_FREQUENCIES, EQ_MAX_DB, EQ_PRESET_IDS, isEqPreset, type EqMode } from '../equalizer';
import { formatSleepRemaining, SLEEP_OPTIONS, sleepOptionOf, sleepRemaining, sleepStateFor, type SleepOption, type SleepState } from '../sleep-timer';
import { clampSpeed, PLAYBACK_SPEEDS, useSoundSettings } from '../sound-settings';
import './sound-panel.css';

const SoundIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3h2v7.2a3 3 0 0 1 0 5.6V21H6v-5.2a3 3 0 0 1 0-5.6V3Zm5 0h2v2.2a3 3 0 0 1 0 5.6V21h-2V10.8a3 3 0 0 1 0-5.6V3Zm5 0h2v11.2a3 3 0 0 1 0 5.6V21h-2v-1.2a3 3 0 0 1 0-5.6V3Z" />
  </Icon>
);

/** Re-renders every second while a timed sleep runs, and gives the time it has left. */
function useSleepRemaining(sleep: SleepState): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sleep.kind !== 'at') return;
    const tick = () => setNow(Date.now());
    // At once (the clock moved since the last tick), then every second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [sleep]);
  return sleepRemaining(sleep, now);
}

/** The player bar's Sound button; with a sleep timer running it shows the time left beside it. */
export function SoundButton() {
  const { t } = useTranslation();
  const open = useSoundSettings((state) => state.panelOpen);
  const sleep = useSoundSettings((state) => state.sleep);
  const remaining = useSleepRemaining(sleep);
  const badge = remaining !== null ? formatSleepRemaining(remaining) : sleep.kind === 'endOfTrack' ? t('playerControls.sleepBadgeEnd') : null;

  return (
    <button
      type="button"
      className="player-button sound-button"
      aria-label={t('playerControls.sound')}
      title={t('playerControls.sound')}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-testid="sound-button"
      onClick={() => useSoundSettings.getState().setPanelOpen(!open)}
    >
      <SoundIcon />
      {badge && (
        <span className="sound-button__badge" data-testid="sleep-badge" aria-label={t('playerControls.sleepRemaining', { time: badge })}>
          {badge}
        </span>
      )}
    </button>
  );
}

const dbText = (db: number) => `${db > 0 ? '+' : db < 0 ? '−' : ''}${Math.abs(db)}`;
const frequencyText = (hz: number) => (hz >= 1000 ? `${hz / 1000}k` : String(hz));

/**
 * The Sound dialog, from the player bar (and the full-screen player): playback speed, the sleep
 * timer, and the ten-band equalizer with its presets. Every control is a native, labelled form
 * control, so the keyboard works as everywhere (arrows move a band by half a dB).
 */
export function SoundPanel() {
  const { t } = useTranslation();
  const open = useSoundSettings((state) => state.panelOpen);
  const setPanelOpen = useSoundSettings((state) => state.setPanelOpen);
  const close = () => setPanelOpen(false);

  // The controls are their own component, so a closed panel (every page's player bar holds one)
  // builds none of them, nor the number format (the first one costs ~10-40 ms of ICU set-up).
  return (
    <Dialog
      open={open}
      title={t('playerControls.title')}
      onClose={close}
      footer={
        <button type="button" className="button button--secondary" onClick={close}>
          {t('playerControls.close')}
        </button>
      }
    >
      <SoundControls />
    </Dialog>
  );
}

function SoundControls() {
  const { t, i18n } = useTranslation();
  const speedId = useId();
  const sleepId = useId();
  const presetId = useId();
  const settings = useSoundSettings();
  const remaining = useSleepRemaining(settings.sleep);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const speedText = (speed: number) => t('playerControls.speedValue', { speed: number.format(speed) });
  const sleepText = (option: SleepOption) =>
    option === 'off' ? t('playerControls.sleepOff') : option === 'endOfTrack' ? t('playerControls.sleepEndOfTrack') : t('playerControls.sleepMinutes', { count: option });
  const presetText = (mode: EqMode) => t(`playerControls.presets.${mode}`);

  return (
    <div className="sound-panel" data-testid="sound-panel">
      <div className="sound-panel__row">
        <label htmlFor={speedId}>{t('playerControls.speed')}</label>
        <select id={speedId} value={settings.speed} onChange={(event) => settings.setSpeed(clampSpeed(Number(event.currentTarget.value)))}>
          {PLAYBACK_SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {speedText(speed)}
            </option>
          ))}
        </select>
      </div>

      <div className="sound-panel__row">
        <label htmlFor={sleepId}>{t('playerControls.sleep')}</label>
        <select
          id={sleepId}
          value={String(sleepOptionOf(settings.sleep))}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const option = (SLEEP_OPTIONS.find((candidate) => String(candidate) === value) ?? 'off') as SleepOption;
            settings.setSleep(sleepStateFor(option, Date.now()));
          }}
        >
          {SLEEP_OPTIONS.map((option) => (
            <option key={option} value={String(option)}>
              {sleepText(option)}
            </option>
          ))}
        </select>
      </div>
      {settings.sleep.kind !== 'off' && (
        <div className="sound-panel__row sound-panel__sleep">
          <output data-testid="sleep-remaining" aria-live="off">
            {remaining !== null ? t('playerControls.sleepRemaining', { time: formatSleepRemaining(remaining) }) : t('playerControls.sleepAtEnd')}
          </output>
          <button type="button" className="button button--secondary" onClick={() => settings.setSleep(sleepStateFor('off', Date.now()))}>
            {t('playerControls.sleepCancel')}
          </button>
        </div>
      )}

      <fieldset className="sound-panel__eq" data-eq-status={settings.eqStatus}>
        <legend>{t('playerControls.equalizer')}</legend>
        <div className="sound-panel__row">
          <label>
            <input type="checkbox" checked={settings.eqEnabled} onChange={(event) => settings.setEqEnabled(event.currentTarget.checked)} />{' '}
            {t('playerControls.equalizerOn')}
          </label>
        </div>
        {settings.eqStatus === 'unavailable' && (
          <p className="sound-panel__note" role="status" data-testid="eq-unavailable">
            {t('playerControls.eqUnavailable')}
          </p>
        )}
        <div className="sound-panel__row">
          <label htmlFor={presetId}>{t('playerControls.preset')}</label>
          <select
            id={presetId}
            value={settings.eqMode}
            disabled={!settings.eqEnabled}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isEqPreset(value)) settings.setEqPreset(value);
            }}
          >
            {EQ_PRESET_IDS.map((preset) => (
              <option key={preset} value={preset}>
                {presetText(preset)}
              </option>
            ))}
            {settings.eqMode === 'custom' && <option value="custom">{presetText('custom')}</option>}
          </select>
        </div>
        <div className="sound-panel__bands">
          {EQ_FREQUENCIES.map((frequency, index) => {
            const db = settings.eqGains[index] ?? 0;
            const name = t('playerControls.band', { frequency: number.format(frequency) });
            return (
              <label key={frequency} className="sound-panel__band">
                <output className="sound-panel__db">{dbText(db)}</output>
                <input
                  type="range"
                  min={-EQ_MAX_DB}
                  max={EQ_MAX_DB}
                  step={0.5}
                  value={db}
                  disabled={!settings.eqEnabled}
                  aria-label={name}
                  aria-valuetext={t('playerControls.dbValue', { value: dbText(db) })}
                  onChange={(event) => settings.setEqBand(index, Number(event.currentTarget.value))}
                />
                <span className="sound-panel__hz" aria-hidden="true">
                  {frequencyText(frequency)}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
