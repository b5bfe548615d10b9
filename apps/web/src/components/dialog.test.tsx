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

describe('Escape', () => {
  const escape = (target: Element = document.body) =>
    fireEvent.keyDown(target, { key: 'Escape', bubbles: true, cancelable: true });

  it('closes an open dialog even when the focus is on the page body, before any window shortcut hears it', () => {
    const onClose = vi.fn();
    const shortcut = vi.fn();
    window.addEventListener('keydown', shortcut);
    try {
      render(
        <Dialog open title="Upload" onClose={onClose}>
          body
        </Dialog>,
      );
      (document.activeElement as HTMLElement | null)?.blur();
      escape();
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(shortcut).not.toHaveBeenCalled();
    } finally {
      window.removeEventListener('keydown', shortcut);
    }
  });

  it('closes only the topmost dialog; a closed one takes no keys', () => {
    const below = vi.fn();
    const above = vi.fn();
    const closed = vi.fn();
    const { rerender } = render(
      <>
        <Dialog open={false} title="Closed" onClose={closed}>
          c
        </Dialog>
        <Dialog open title="Below" onClose={below}>
          a
        </Dialog>
      </>,
    );
    rerender(
      <>
        <Dialog open={false} title="Closed" onClose={closed}>
          c
        </Dialog>
        <Dialog open title="Below" onClose={below}>
          a
        </Dialog>
        <Dialog open title="Above" onClose={above}>
          b
        </Dialog>
      </>,
    );
    escape();
    expect(above).toHaveBeenCalledTimes(1);
    expect(below).not.toHaveBeenCalled();
    rerender(
      <>
        <Dialog open={false} title="Closed" onClose={closed}>
          c
        </Dialog>
        <Dialog open title="Below" onClose={below}>
          a
        </Dialog>
      </>,
    );
    escape();
    expect(below).toHaveBeenCalledTimes(1);
    expect(above).toHaveBeenCalledTimes(1);
    expect(closed).not.toHaveBeenCalled();
  });

  it('leaves Escape alone when nothing is open', () => {
    const shortcut = vi.fn();
    window.addEventListener('keydown', shortcut);
    try {
      render(
        <Dialog open={false} title="Closed" onClose={() => {}}>
          c
        </Dialog>,
      );
      escape();
      expect(shortcut).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener('keydown', shortcut);
    }
  });
});
