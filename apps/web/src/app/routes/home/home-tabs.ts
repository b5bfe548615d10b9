import { HOME_TABS, type HomeTab } from '../../../config/paths';

/** `?tab=` of /home; anything unknown falls back to the home tab. */
export function parseHomeTab(search: URLSearchParams): HomeTab {
  const tab = search.get('tab');
  return HOME_TABS.includes(tab as HomeTab) ? (tab as HomeTab) : 'home';
}
