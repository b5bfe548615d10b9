import type { Track } from '@platter/shared';
import { useState, type Dispatch, type RefObject } from 'react';
import { filesFromDrop } from '../dropped-files';
import { useTranslation } from 'react-i18next';
import type { ReleaseItem, ReleaseItemsAction } from '../release-uploads';
import { SortableList } from '../../../components/sortable/sortable';
import { ReleaseItemRow } from './release-item-row';

export interface ReleaseTracksFieldsProps {
  id: string;
  items: readonly ReleaseItem[];
  dispatch: Dispatch<ReleaseItemsAction>;
  /** The artist's published tracks that may still join the release. */
  free: readonly Track[];
  busy: boolean;
  filesRef: RefObject<HTMLInputElement | null>;
  onRetry: (key: string) => void;
  /** Files picked, dropped or from a folder: they join in the order of their tags. */
  onFiles: (files: File[]) => void;
  /** While the tags of files just added are read. */
  reading?: boolean;
}

/** What goes into a release: audio files to upload, tracks already published, and their order. */
export function ReleaseTracksFields({ id, items, dispatch, free, busy, filesRef, onRetry, onFiles, reading = false }: ReleaseTracksFieldsProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const carriesFiles = (types: readonly string[]) => types.includes('Files');
  return (
    <>
      <div
        className={`field release-form__drop ${over ? 'release-form__drop--over' : ''}`}
        data-testid="release-files-drop"
        // Files or a whole folder dropped here (drags of the list's own rows carry no files and pass by).
        onDragOver={(event) => {
          if (busy || !carriesFiles([...event.dataTransfer.types])) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (busy || !carriesFiles([...event.dataTransfer.types])) return;
          event.preventDefault();
          setOver(false);
          void filesFromDrop(event.dataTransfer).then(onFiles, (error: unknown) => console.warn('Could not read the dropped files', error));
        }}
      >
        <label className="field__label" htmlFor={`${id}-files`}>
          {t('releases.form.files')}
        </label>
        <input
          ref={filesRef}
          id={`${id}-files`}
          className="input upload-form__file"
          name="files"
          type="file"
          accept="audio/*"
          multiple
          aria-describedby={`${id}-files-hint`}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            if (files.length > 0) onFiles(files);
            event.currentTarget.value = '';
          }}
        />
        <label className="field__label" htmlFor={`${id}-folder`}>
          {t('releases.form.folder')}
        </label>
        <input
          id={`${id}-folder`}
          className="input upload-form__file"
          name="folder"
          type="file"
          // A whole folder (its audio files are kept): not in React's attribute types, passed through as is.
          {...{ webkitdirectory: '', directory: '' }}
          multiple
          aria-describedby={`${id}-files-hint`}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            if (files.length > 0) onFiles(files);
            event.currentTarget.value = '';
          }}
        />
        <span id={`${id}-files-hint`} className="release-form__hint">
          {t('releases.form.filesHint')} {t('releases.form.dropHint')}
        </span>
        {reading && (
          <span className="release-form__hint" aria-live="polite">
            {t('upload.readingTags')}
          </span>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-gather`}>
          {t('releases.form.gather')}
        </label>
        {free.length === 0 ? (
          <span className="release-form__hint">{t('releases.form.gatherNone')}</span>
        ) : (
          <select
            id={`${id}-gather`}
            className="input"
            value=""
            onChange={(event) => {
              const track = free.find((candidate) => candidate.id === event.currentTarget.value);
              if (track) dispatch({ type: 'addTrack', track });
            }}
          >
            <option value="">—</option>
            {free.map((track) => (
              <option key={track.id} value={track.id}>
                {track.title}
              </option>
            ))}
          </select>
        )}
      </div>
      <fieldset className="release-form__tracks">
        <legend className="field__label">{t('releases.form.tracks')}</legend>
        {items.length === 0 ? (
          <p className="release-form__hint">{t('releases.form.noTracks')}</p>
        ) : (
          <SortableList
            ids={items.map((item) => item.key)}
            nameOf={(key) => {
              const item = items.find((candidate) => candidate.key === key);
              return !item ? '' : item.kind === 'file' ? item.title : item.track.title;
            }}
            onMove={(key, _from, to) => dispatch({ type: 'moveTo', key, to })}
          >
          <ol className="release-form__list">
            {items.map((item, index) => (
              <ReleaseItemRow
                key={item.key}
                item={item}
                index={index}
                last={index === items.length - 1}
                busy={busy}
                onRename={(value) => dispatch({ type: 'rename', key: item.key, title: value })}
                onMove={(by) => dispatch({ type: 'move', key: item.key, by })}
                onRemove={() => dispatch({ type: 'remove', key: item.key })}
                onRetry={() => onRetry(item.key)}
              />
            ))}
          </ol>
          </SortableList>
        )}
      </fieldset>
    </>
  );
}
