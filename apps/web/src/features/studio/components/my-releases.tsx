import type { ReleaseDetail, ReleaseSummary } from '@platter/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { paths } from '../../../config/paths';
import { deleteRelease, getRelease, useInvalidateReleases, useMyReleases } from '../api/releases';
import { ReleaseForm } from './release-form';
import { StudioItem, StudioSection } from './studio-section';

/** My releases: each with Edit (details, order, tracks, cover) and Delete (its tracks stay unless asked). */
export function MyReleases() {
  const { t } = useTranslation();
  const releases = useMyReleases();
  const invalidate = useInvalidateReleases();
  const [editing, setEditing] = useState<ReleaseDetail | null>(null);
  const [deleting, setDeleting] = useState<ReleaseSummary | null>(null);
  const [alsoTracks, setAlsoTracks] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const edit = (release: ReleaseSummary) => {
    setError('');
    getRelease(release.id).then(setEditing, (cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause)));
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteRelease(deleting.id, alsoTracks);
      await invalidate();
      setDeleting(null);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StudioSection title={t('releases.studio.title')} query={releases} empty={t('releases.studio.empty')} count={releases.data?.items.length}>
      <ul className="studio-list" aria-label={t('releases.studio.title')}>
        {releases.data?.items.map((release) => (
          <StudioItem
            key={release.id}
            testId="studio-release"
            cover={release.image}
            heading={
              <Link className="studio-item__title" to={paths.release.getHref(release.id)}>
                {release.title}
              </Link>
            }
            meta={
              <>
                {t(`releases.types.${release.type}`)} · <time className="studio-item__date" dateTime={release.releaseDate}>{release.releaseDate}</time> ·{' '}
                <span data-testid="studio-release-count">{t('releases.trackCount', { count: release.trackCount })}</span>
                {release.visibility && release.visibility !== 'public' && <span data-testid="studio-release-access"> · {t(`releaseAccess.badge.${release.visibility}`)}</span>}
              </>
            }
            actions={
              <>
                <button type="button" className="button button--secondary" onClick={() => edit(release)}>
                  {t('releases.edit')}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('studio.deleteNamed', { name: release.title })}
                  onClick={() => {
                    setAlsoTracks(false);
                    setDeleting(release);
                  }}
                >
                  {t('studio.delete')}
                </button>
              </>
            }
          />
        ))}
      </ul>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <Dialog open={!!editing} title={t('releases.form.editTitle')} onClose={() => setEditing(null)}>
        {editing && <ReleaseForm key={editing.id} release={editing} onDone={() => setEditing(null)} />}
      </Dialog>
      {deleting && (
        <Dialog
          open
          title={t('releases.form.delete')}
          onClose={() => setDeleting(null)}
          footer={
            <>
              <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>
                {t('studio.cancel')}
              </button>
              <button type="button" className="button button--primary" disabled={busy} onClick={() => void confirmDelete()}>
                {t('studio.delete')}
              </button>
            </>
          }
        >
          <p className="studio-confirm__subject">{deleting.title}</p>
          <p>{t('releases.form.deleteConfirm')}</p>
          <label className="release-form__check">
            <input type="checkbox" checked={alsoTracks} onChange={(event) => setAlsoTracks(event.currentTarget.checked)} /> {t('releases.form.deleteTracksToo')}
          </label>
        </Dialog>
      )}
    </StudioSection>
  );
}
