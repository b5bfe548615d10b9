// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../testing/i18n';
import { artistLink, trackLink } from '../../../lib/share-links';
import { ShareButton } from './share-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('share links', () => {
  it('are the pages the server gives preview tags: /track/:id and /artist/:id', () => {
    expect(trackLink('t 1', 'https://platter.example')).toBe('https://platter.example/track/t%201');
    expect(artistLink('a1', 'https://platter.example')).toBe('https://platter.example/artist/a1');
  });
});

describe('ShareButton', () => {
  it('copies its URL and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<ShareButton url="https://platter.example/artist/a1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to the clipboard.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://platter.example/artist/a1');
  });

  it('shows the link to copy by hand when the browser refuses the clipboard', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    render(<ShareButton url="https://platter.example/track/t1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Copy this link: https://platter.example/track/t1')).toBeTruthy();
  });
});
