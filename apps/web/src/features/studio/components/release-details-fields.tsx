import type { ReleaseType } from '@platter/shared';
import type { Genre } from '@platter/shared/constants';
import { useTranslation } from 'react-i18next';
import { GenreField } from './track-metadata-fields';

const RELEASE_TYPES: ReleaseType[] = ['album', 'ep', 'single'];

export interface ReleaseDetailsValue {
  title: string;
  setTitle: (title: string) => void;
  type: ReleaseType;
  setType: (type: ReleaseType) => void;
  date: string;
  setDate: (date: string) => void;
  /** The genre its new files are uploaded with. */
  genre: Genre;
  setGenre: (genre: Genre) => void;
}

/** A release's title, then its type, release date and the genre of the files uploaded with it, in one row. */
export function ReleaseDetailsFields({ id, details }: { id: string; details: ReleaseDetailsValue }) {
  const { t } = useTranslation();
  const { title, setTitle, type, setType, date, setDate, genre, setGenre } = details;
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-title`}>
          {t('releases.form.title')}
        </label>
        <input id={`${id}-title`} className="input" name="title" required maxLength={200} autoComplete="off" value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
      </div>
      <div className="release-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-type`}>
            {t('releases.form.type')}
          </label>
          <select id={`${id}-type`} className="input" name="type" value={type} onChange={(event) => setType(event.currentTarget.value as ReleaseType)}>
            {RELEASE_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`releases.types.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-date`}>
            {t('releases.form.date')}
          </label>
          <input id={`${id}-date`} className="input" name="releaseDate" type="date" required value={date} onChange={(event) => setDate(event.currentTarget.value)} />
        </div>
        <GenreField id={id} value={genre} onChange={setGenre} />
      </div>
    </>
  );
}
