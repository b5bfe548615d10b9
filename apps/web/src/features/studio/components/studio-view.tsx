import type { Profile } from '@platter/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { Icon, type IconProps } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { CopyrightModal } from './copyright-modal';
import { CreatePostForm } from './create-post-form';
import { MyPosts } from './my-posts';
import { MyReleases } from './my-releases';
import { MyTracks } from './my-tracks';
import { ProfileEditor } from './profile-editor';
import { ReleaseForm } from './release-form';
import { StatCards } from './stat-cards';
import { StudioComments } from './studio-comments';
import { UploadForm } from './upload-form';
import './studio.css';

const GearIcon = (props: IconProps) => (
  <Icon fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" {...props}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </Icon>
);

type Modal = 'upload' | 'release' | 'post' | 'profile';

/** The signed-in artist's studio: banner, stat cards, my tracks, my posts and comments. */
export function StudioView({ profile }: { profile: Profile | null | undefined }) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<Modal | null>(null);
  const close = () => setModal(null);

  return (
    <div className="studio">
      <section className="studio-banner" aria-label={t('studio.banner')}>
        {profile?.coverURL && <img className="studio-banner__cover" src={profile.coverURL} alt="" />}
        <div className="studio-banner__who">
          {profile?.photoURL && <img className="studio-banner__avatar" src={profile.photoURL} alt="" />}
          <span className="studio-banner__name">{profile?.displayName}</span>
          <button
            type="button"
            className="studio-banner__gear"
            aria-label={t('studio.editProfile')}
            title={t('studio.editProfile')}
            onClick={() => setModal('profile')}
          >
            <GearIcon />
          </button>
        </div>
        <div className="studio-banner__actions">
          <button type="button" className="button button--primary" onClick={() => setModal('upload')}>
            {t('studio.uploadTrack')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setModal('release')}>
            {t('releases.form.open')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setModal('post')}>
            {t('studio.createPost')}
          </button>
          <Link className="button button--secondary" to={paths.artistDashboard.getHref()}>
            {t('studio.dashboard')}
          </Link>
        </div>
      </section>

      <StatCards />
      <MyReleases />
      <MyTracks />
      <MyPosts />
      <StudioComments />

      {/* The upload form stays mounted while closed, so an upload in flight keeps its progress. */}
      <Dialog
        open={modal === 'upload'}
        title={t('upload.title')}
        onClose={close}
        footer={
          <button type="button" className="button button--link" onClick={close}>
            {t('studio.close')}
          </button>
        }
      >
        <UploadForm />
      </Dialog>
      {/* Stays mounted while closed too, so files uploading for a release keep going. */}
      <Dialog
        open={modal === 'release'}
        title={t('releases.form.newTitle')}
        onClose={close}
        footer={
          <button type="button" className="button button--link" onClick={close}>
            {t('studio.close')}
          </button>
        }
      >
        <ReleaseForm />
      </Dialog>
      {modal === 'post' && (
        <Dialog open title={t('studio.post.title')} onClose={close}>
          <CreatePostForm onDone={close} />
        </Dialog>
      )}
      {modal === 'profile' && (
        <Dialog open title={t('studio.profile.title')} onClose={close}>
          <ProfileEditor profile={profile} onDone={close} />
        </Dialog>
      )}
      <CopyrightModal />
    </div>
  );
}
