// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

afterEach(cleanup);

describe('Dialog', () => {
  it('is open only while `open` is true and is named by its title', () => {
    const { rerender, container } = render(
      <Dialog open={false} title="Edit" onClose={() => {}}>
        body
      </Dialog>,
    );
    const dialog = container.querySelector('dialog');
    expect(dialog?.open).toBe(false);
    rerender(
      <Dialog open title="Edit" onClose={() => {}}>
        body
      </Dialog>,
    );
    expect(dialog?.open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Edit' })).toBeTruthy();
  });

  it('asks to close on Escape (cancel) and on a backdrop click', () => {
    const onClose = vi.fn();
    const { container } = render(
      <Dialog open title="Edit" onClose={onClose}>
        <p>body</p>
      </Dialog>,
    );
    const dialog = container.querySelector('dialog') as HTMLDialogElement;
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(dialog);
    fireEvent.click(screen.getByText('body'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
