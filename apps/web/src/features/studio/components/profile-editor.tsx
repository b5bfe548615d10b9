import type { Profile, ProfileImageKind } from '@platter/shared';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '@platter/shared/constants';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePutProfileImage } from '../api/put-profile-image';
import { useUpdateProfile } from '../api/update-profile';
import { FormActions } from './form-actions';

/** Profile edit (SPEC 2): 'Loading...' until the profile is known. */
export function ProfileEditor({ profile, onDone }: { profile: Profile | null | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  if (!profile) return <p className="status-text">{t('common.loading')}</p>;
  return <ProfileForm key={profile.id} profile={profile} onDone={onDone} />;
}

function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const update = useUpdateProfile();
  const image = usePutProfileImage();
  const [imageKind, setImageKind] = useState<ProfileImageKind | null>(null);

  // Images go up as soon as they are picked, so a refused one (413, 415) is told at once.
  const onPick = (kind: ProfileImageKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setImageKind(kind);
    image.mutate({ kind, image: file }, { onSettled: () => (input.value = '') });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ displayName: displayName.trim(), bio: bio.trim() }, { onSuccess: onDone });
  };

  const current = image.data ?? profile;
  return (
    <form className="studio-form" onSubmit={onSubmit} aria-label={t('studio.profile.title')}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          {t('studio.profile.displayName')}
        </label>
        <input
          id={`${id}-name`}
          className="input"
          required
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-bio`}>
          {t('studio.profile.bio')}
        </label>
        <textarea
          id={`${id}-bio`}
          className="input studio-form__textarea"
          rows={3}
          maxLength={BIO_MAX_LENGTH}
          value={bio}
          onChange={(event) => setBio(event.currentTarget.value)}
        />
      </div>
      {(['avatar', 'cover'] as const).map((kind) => {
        const url = kind === 'avatar' ? current.photoURL : current.coverURL;
        return (
          <div className="field" key={kind}>
            <label className="field__label" htmlFor={`${id}-${kind}`}>
              {t(`studio.profile.${kind}`)}
            </label>
            <div className="studio-form__image">
              {url && <img className={`studio-form__preview studio-form__preview--${kind}`} src={url} alt="" />}
              <input
                id={`${id}-${kind}`}
                className="input upload-form__file"
                type="file"
                accept="image/*"
                disabled={image.isPending}
                onChange={onPick(kind)}
              />
            </div>
            {image.isPending && imageKind === kind && <span className="studio-section__status">{t('studio.profile.imageUploading')}</span>}
            {image.error && imageKind === kind && (
              <p className="error-text" role="alert">
                {image.error.message}
              </p>
            )}
          </div>
        );
      })}
      {update.error && (
        <p className="error-text" role="alert">
          {update.error.message}
        </p>
      )}
      <FormActions label={t('studio.profile.save')} busyLabel={t('studio.profile.saving')} busy={update.isPending} onCancel={onDone} />
    </form>
  );
}
