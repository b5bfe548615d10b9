import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon, RepeatIcon, RepeatOneIcon, ShuffleIcon } from '../../../components/icons';
import { useRunCommand } from '../hooks/use-run-command';
import { playerCommands, type PlayerCommand } from '../player-commands';
import { currentEntry } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import './player-controls.css';

interface CommandButtonProps {
  command: PlayerCommand;
  icon: ReactNode;
  className?: string;
  pressed?: boolean;
  disabled?: boolean;
}

/** A button that runs a player command: the same object its keyboard shortcut runs. */
export function CommandButton({ command, icon, className = '', pressed, disabled }: CommandButtonProps) {
  const { t } = useTranslation();
  const label = usePlayerStore((state) => t(command.label(state)));
  const run = useRunCommand();
  return (
    <button
      type="button"
      className={`player-button ${className}`}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={() => run(command)}
    >
      {icon}
    </button>
  );
}

export function PlayerControls() {
  const wantsToPlay = usePlayerStore((state) => state.wantsToPlay);
  const repeat = usePlayerStore((state) => state.repeat);
  const shuffle = usePlayerStore((state) => state.shuffle !== null);
  const hasTrack = usePlayerStore((state) => currentEntry(state) !== null);
  const hasQueue = usePlayerStore((state) => state.queue.length > 0);

  return (
    <div className="player-controls">
      <CommandButton
        command={playerCommands.toggleShuffle}
        icon={<ShuffleIcon />}
        className="player-button--toggle player-controls__shuffle"
        pressed={shuffle}
      />
      <CommandButton
        command={playerCommands.previous}
        icon={<PreviousIcon />}
        className="player-controls__previous"
        disabled={!hasQueue}
      />
      <CommandButton
        command={playerCommands.togglePlay}
        icon={wantsToPlay ? <PauseIcon /> : <PlayIcon />}
        className="player-button--main"
        disabled={!hasTrack}
      />
      <CommandButton command={playerCommands.next} icon={<NextIcon />} className="player-controls__next" disabled={!hasQueue} />
      <CommandButton
        command={playerCommands.toggleRepeat}
        icon={repeat === 'one' ? <RepeatOneIcon /> : <RepeatIcon />}
        className="player-button--toggle player-controls__repeat"
        pressed={repeat !== 'off'}
      />
    </div>
  );
}
