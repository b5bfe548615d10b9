import { useEffect } from 'react';
import { scrollToSection } from '../lib/scroll-to-section';
import { ArtistsSection } from './artists-section';
import { DownloadSection } from './download-section';
import { FeaturesSection } from './features-section';
import { FiguresSection } from './figures-section';
import { LandingHero } from './landing-hero';
import { PlaylistsSection } from './playlists-section';
import './marketing.css';

/**
 * The landing's sections and the anchors that name them: #home (the hero), #discover (features),
 * #playlists (playlists on every device), #artists, #figures and #download (the app download).
 */
export const LANDING_SECTIONS = {
  home: 'home',
  discover: 'discover',
  playlists: 'playlists',
  artists: 'artists',
  figures: 'figures',
  download: 'download',
} as const;

const sectionOf = (hash: string) => decodeURIComponent(hash.slice(1));

/**
 * Glides to the section the URL's hash names: on arrival (also from another page: /#discover), on
 * every click of a link to one of the landing's sections (the hero's, the header's /#home…) and on
 * back/forward. Router-free: the landing is its own prerendered page (src/app/landing) as well as the
 * SPA's `/` route.
 */
function useHashScroll() {
  useEffect(() => {
    const initial = sectionOf(window.location.hash);
    if (initial) scrollToSection(initial);

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || url.pathname !== window.location.pathname || !url.hash) return;
      const id = sectionOf(url.hash);
      if (!document.getElementById(id)) return;
      event.preventDefault();
      if (url.hash !== window.location.hash) window.history.pushState(window.history.state, '', url.hash);
      scrollToSection(id);
    };
    const onPopState = () => {
      const id = sectionOf(window.location.hash);
      if (id) scrollToSection(id);
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPopState);
    };
  }, []);
}

export function LandingPage() {
  useHashScroll();
  return (
    <div className="landing">
      <LandingHero featuresId={LANDING_SECTIONS.discover} downloadId={LANDING_SECTIONS.download} />
      <FeaturesSection id={LANDING_SECTIONS.discover} />
      <PlaylistsSection id={LANDING_SECTIONS.playlists} />
      <DownloadSection id={LANDING_SECTIONS.download} />
      <ArtistsSection id={LANDING_SECTIONS.artists} />
      <FiguresSection id={LANDING_SECTIONS.figures} />
    </div>
  );
}
