import { HOME_TAB_IDS, type HomeTabId } from '../../../config/paths';

/** `?tab=` of /home: no tab is the home tab; an unknown one is null ('under development'). */
export function parseHomeTab(search: URLSearchParams): HomeTabId | null {
  const tab = search.get('tab');
  if (tab === null || tab === '') return 'home';
  return HOME_TAB_IDS.includes(tab as HomeTabId) ? (tab as HomeTabId) : null;
}
