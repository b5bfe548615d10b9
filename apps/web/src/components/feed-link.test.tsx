// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../testing/i18n';
import { FeedLink } from './feed-link';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

describe('FeedLink', () => {
  it('links the page’s RSS feed, served beside the page, in English and in Russian', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<FeedLink pagePath="/release/r%201" />);
    const link = screen.getByRole('link', { name: 'RSS feed' });
    expect(link.getAttribute('href')).toBe('/release/r%201/feed.rss');
    expect(link.getAttribute('type')).toBe('application/rss+xml');
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByRole('link', { name: 'RSS-лента' }).getAttribute('title')).toBe('Подписаться в RSS-читалке или в приложении для подкастов');
  });
});
