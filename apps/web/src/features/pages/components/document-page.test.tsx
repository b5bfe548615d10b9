// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../testing/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { AboutPage } from './about-page';
import { ForArtistPage } from './for-artist-page';
import { CookiePolicyPage, PrivacyPolicyPage, TermsOfServicePage } from './policy-pages';
import { renderInline } from './rich-text';

beforeEach(async () => {
  // No request may leave: the pages render from translations and the cached server config.
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const contents = () => within(screen.getByRole('navigation', { name: 'On this page' }));

describe('policy pages', () => {
  it("the privacy policy has SPEC 2's sections in order, a table of contents and its date", () => {
    renderApp(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    const titles = ['What We Collect', 'How We Use Your Data', 'Your Security', 'Cookies', 'Your Control'];
    expect(sectionTitles()).toEqual(titles);
    expect(contents().getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['What We Collect', '#collect'],
      ['How We Use Your Data', '#use'],
      ['Your Security', '#security'],
      ['Cookies', '#cookies'],
      ['Your Control', '#control'],
    ]);
    expect(document.getElementById('security')?.textContent).toContain('encrypted');
    expect(screen.getByText('Last updated: November 21, 2026')).toBeTruthy();
    expect(document.title).toBe('Privacy policy · Platter');
    // Inline markup becomes elements, and links inside the app are router links.
    expect(screen.getAllByRole('link', { name: 'contact form' })[0]?.getAttribute('href')).toBe('/contact');
  });

  it('scrolls to the section a link points at', () => {
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    try {
      renderApp(<PrivacyPolicyPage />, { route: '/privacy-policy#security' });
      expect(scrolled).toEqual(['security']);
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('the cookie policy names the kinds, the one cookie and what local storage holds', () => {
    renderApp(<CookiePolicyPage />);
    expect(sectionTitles()).toEqual(['Essential', 'Analytics', 'Personalization', 'Disabling cookies']);
    expect(screen.getByText('better-auth.session_token').tagName).toBe('CODE');
    for (const key of ['acceptedTerms', 'trackHistory', 'viewedPosts', 'language']) expect(screen.getByText(key)).toBeTruthy();
  });

  it('the terms have five sections and the ages', () => {
    renderApp(<TermsOfServicePage />);
    expect(sectionTitles()).toEqual([
      'Acceptance of Terms',
      'User Responsibilities',
      'Intellectual Property',
      'Limitation of Liability',
      'Changes to Terms',
    ]);
    const acceptance = document.getElementById('acceptance')!;
    expect(acceptance.textContent).toContain('13 or older with the permission of a parent or guardian');
    expect(acceptance.textContent).toContain('18 or older');
  });

  it('speaks Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderApp(<TermsOfServicePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Условия использования' })).toBeTruthy();
    expect(sectionTitles()[0]).toBe('Принятие условий');
    expect(screen.getByText('Последнее обновление: 21 ноября 2026 г.')).toBeTruthy();
    expect(document.getElementById('acceptance')?.textContent).toContain('от 13 лет с разрешения родителя или опекуна');
  });
});

describe('about and for-artist pages', () => {
  it('about lists the promises and leads to the player', () => {
    renderApp(<AboutPage />);
    const promises = document.getElementById('promises')!;
    for (const promise of ['Gapless playback.', 'Offline listening.', 'Fast search.', 'Uploads that never fail silently.', 'Its own server.', 'English and Russian.'])
      expect(within(promises).getByText(promise).tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Open the player' }).getAttribute('href')).toBe('/home');
  });

  it("for-artist shows this server's upload limit and opens the studio", () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.config, { googleSignIn: false, maxUploadMb: 75 });
    renderApp(<ForArtistPage />, { queryClient });
    expect(within(document.getElementById('upload')!).getByText('75 MB')).toBeTruthy();
    expect(sectionTitles()).toContain('Your statistics');
    expect(sectionTitles()).toContain('Subscribers');
    expect(screen.getByRole('link', { name: 'Open the studio' }).getAttribute('href')).toBe('/home?tab=menu');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/home');
  });
});

describe('renderInline', () => {
  it('leaves plain text alone and marks up the rest', () => {
    expect(renderInline('plain')).toEqual(['plain']);
    const nodes = renderInline('a **b** `c` [d](/e) [f](#g) h');
    expect(nodes.filter((node) => typeof node === 'string')).toEqual(['a ', ' ', ' ', ' ', ' h']);
    expect(nodes).toHaveLength(9);
  });

  it('does not link outside the app', () => {
    expect(renderInline('[x](https://example.com)')).toEqual(['[x](https://example.com)']);
  });
});
