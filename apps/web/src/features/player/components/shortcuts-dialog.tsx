import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { commandList } from '../player-commands';
import { initialPlayerState } from '../player-reducer';
import { usePlayerUi } from '../player-ui-store';
import './shortcuts-dialog.css';

/**
 * `?`: every player command with its keys, from the same command objects the keys run. Each is
 * named by its label in the initial state (Play, Full screen).
 */
export function ShortcutsDialog() {
  const { t } = useTranslation();
  const open = usePlayerUi((state) => state.shortcutsOpen);
  const setOpen = usePlayerUi((state) => state.setShortcutsOpen);
  const close = () => setOpen(false);
  // `{shortcuts.space}` in a command's keys is a translated key name.
  const keyName = (key: string) => {
    const match = /^\{(shortcuts\.\w+)\}$/.exec(key);
    return match ? t(match[1] as 'shortcuts.space') : key;
  };

  return (
    <Dialog
      open={open}
      title={t('shortcuts.title')}
      onClose={close}
      footer={
        <button type="button" className="button button--secondary" onClick={close}>
          {t('shortcuts.close')}
        </button>
      }
    >
      <table className="shortcuts-table">
        <thead>
          <tr>
            <th scope="col">{t('shortcuts.command')}</th>
            <th scope="col">{t('shortcuts.keys')}</th>
          </tr>
        </thead>
        <tbody>
          {commandList.map((command) => (
            <tr key={command.id} data-command={command.id}>
              <td>
                {t(command.label(initialPlayerState))}
                {command.id === 'togglePlay' && ` / ${t('player.pause')}`}
              </td>
              <td>
                {command.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ` ${t('shortcuts.or')} `}
                    <kbd>{keyName(key)}</kbd>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
