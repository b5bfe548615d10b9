// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render';
import { TermsModal } from './terms-modal';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('TermsModal', () => {
  it('shows until accepted, stores acceptedTerms = "true" and never returns', () => {
    renderApp(<TermsModal />);
    expect(screen.getByRole('dialog', { name: 'Terms of use' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('acceptedTerms')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderApp(<TermsModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
