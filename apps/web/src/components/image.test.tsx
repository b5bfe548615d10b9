// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../testing/i18n';
import { Image } from './image';

afterEach(cleanup);

describe('Image', () => {
  it('shows the image with its own alt while it loads fine', () => {
    render(<Image src="/cover.jpg" alt="Cover" />);
    expect(screen.getByRole('img', { name: 'Cover' }).getAttribute('src')).toBe('/cover.jpg');
  });

  it('falls back to a placeholder with alt "Error loading image" when loading fails', () => {
    render(<Image src="/broken.jpg" alt="Cover" />);
    fireEvent.error(screen.getByRole('img', { name: 'Cover' }));
    const fallback = screen.getByRole('img', { name: 'Error loading image' });
    expect(fallback.getAttribute('src')).not.toBe('/broken.jpg');
    expect(screen.queryByRole('img', { name: 'Cover' })).toBeNull();
  });

  it('shows the placeholder when there is no source at all', () => {
    render(<Image src={null} alt="Avatar" />);
    expect(screen.getByRole('img', { name: 'Error loading image' })).toBeTruthy();
  });

  it('tries again when the source changes after a failure', () => {
    const { rerender } = render(<Image src="/broken.jpg" alt="Cover" />);
    fireEvent.error(screen.getByRole('img', { name: 'Cover' }));
    rerender(<Image src="/fixed.jpg" alt="Cover" />);
    expect(screen.getByRole('img', { name: 'Cover' }).getAttribute('src')).toBe('/fixed.jpg');
  });
});
