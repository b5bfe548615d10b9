import type { NotificationGroup } from '@platter/shared';
import type { TFunction } from 'i18next';

/** "Ann liked “Song”", "Ann and 12 others liked “Song”": the group's sentence in the current language. */
export function notificationText(t: TFunction, group: NotificationGroup): string {
  // About one's own account, from nobody.
  if (group.kind === 'export') return t('notifications.export_solo');
  const name = group.actors[0]?.name ?? t('notifications.someone');
  // A whole release's notification names the release, not each of its tracks: "Ann released “EP”".
  const track = group.track?.title ?? group.release?.title ?? '';
  // Follows and reposts by one person each: the others are the rest of the group's people.
  const others = group.kind === 'release' ? 0 : group.count - 1;
  // A repost of a release (the release is the subject, not a track).
  if (group.release && group.kind === 'repost') {
    const release = group.release.title;
    if (others <= 0) return t('releaseReach.notification.repost_solo', { name, release });
    return t('releaseReach.notification.repost_group', { name, release, count: others });
  }
  if (others <= 0) return t(`notifications.${group.kind}_solo`, { name, track });
  return t(`notifications.${group.kind}_group`, { name, track, count: others });
}
