// @vitest-environment jsdom
import type { Dashboard } from '@platter/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrack } from '../../../testing/fixtures';
import { createTestQueryClient, renderApp } from '../../../testing/render';
import { dashboardQueryOptions } from '../api/get-dashboard';
import { DashboardView, type DashboardViewProps } from './dashboard-view';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const song = makeTrack({ id: 't1', title: 'Night Drive', likes: 4, listens: 9 });
const other = makeTrack({ id: 't2', title: 'Morning Run', likes: 7, listens: 3 });

const dashboard: Dashboard = {
  days: 7,
  totals: { listens: 12, likes: 11, subscribers: 5, tracks: 2, comments: 3 },
  listensPerDay: [
    { date: '2026-11-19', count: 0 },
    { date: '2026-11-20', count: 1 },
    { date: '2026-11-21', count: 2 },
  ],
  subscribersPerDay: [
    { date: '2026-11-19', count: 0, total: 3 },
    { date: '2026-11-20', count: 2, total: 5 },
    { date: '2026-11-21', count: 0, total: 5 },
  ],
  topByListens: [{ track: song, listens: 2 }],
  topByLikes: [other, song],
  recentComments: [
    {
      id: 'c1',
      trackId: 't1',
      trackTitle: 'Night Drive',
      userId: 'u2',
      userName: null,
      userPhotoURL: null,
      text: 'Love the bassline',
      positionSec: null,
      parentId: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
};

function renderDashboard(props: Partial<DashboardViewProps> = {}, data: Dashboard | null = dashboard) {
  const client = createTestQueryClient();
  if (data) client.setQueryData(dashboardQueryOptions(7).queryKey, data);
  const handlers = { onDaysChange: vi.fn(), onPlay: vi.fn() };
  renderApp(<DashboardView account="signed-in" days={7} activeTrackId={null} isPlaying={false} {...handlers} {...props} />, {
    queryClient: client,
  });
  return handlers;
}

describe('DashboardView', () => {
  it('asks a signed-out visitor to sign in, and fetches nothing', () => {
    renderDashboard({ account: 'signed-out' }, null);
    expect(screen.getByText('Sign in to see your dashboard.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the totals', () => {
    renderDashboard();
    expect(screen.getByTestId('dashboard-total-listens').textContent).toBe('Listens12');
    expect(screen.getByTestId('dashboard-total-subscribers').textContent).toBe('Subscribers5');
    expect(screen.getByTestId('dashboard-total-comments').textContent).toBe('Comments3');
  });

  it('gives each chart a summary and a table of every day', () => {
    renderDashboard();
    const listens = screen.getByTestId('dashboard-listens');
    expect(within(listens).getByText('3 listens in the last 7 days')).toBeTruthy();
    const table = within(listens).getByRole('table', { name: 'Listens per day' });
    const today = within(table).getByRole('rowheader', { name: 'Nov 21, 2026' }).closest('tr')!;
    expect(within(today).getByRole('cell').textContent).toBe('2');
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    const subscribers = screen.getByTestId('dashboard-subscribers');
    expect(within(subscribers).getByText('Subscribers now: 5, 2 new in the last 7 days')).toBeTruthy();
    const day = within(subscribers).getByRole('rowheader', { name: 'Nov 20, 2026' }).closest('tr')!;
    expect(within(day).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '5']);
  });

  it('lists the top tracks: play here, or open the track page', () => {
    const { onPlay } = renderDashboard();
    const byListens = within(screen.getByRole('list', { name: 'Top tracks by listens' }));
    expect(byListens.getByText('2 listens')).toBeTruthy();
    expect(byListens.getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe('/track/t1');

    const byLikes = within(screen.getByRole('list', { name: 'Top tracks by likes' }));
    expect(byLikes.getAllByRole('link').map((link) => link.textContent)).toEqual(['Morning Run', 'Night Drive']);
    fireEvent.click(byLikes.getByRole('button', { name: 'Play Night Drive' }));
    expect(onPlay).toHaveBeenCalledWith([other, song], 1);
  });

  it('shows recent comments with the fallback author and a link to the track', () => {
    renderDashboard();
    const comment = screen.getByTestId('dashboard-comment');
    expect(within(comment).getByText('Anonymous')).toBeTruthy();
    expect(within(comment).getByText('Love the bassline')).toBeTruthy();
    expect(within(comment).getByRole('link', { name: 'on Night Drive' }).getAttribute('href')).toBe('/track/t1');
  });

  it('switches the range', () => {
    const { onDaysChange } = renderDashboard();
    const range = screen.getByRole('group', { name: 'Period' });
    expect(within(range).getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(range).getByRole('button', { name: '90 days' }));
    expect(onDaysChange).toHaveBeenCalledWith(90);
  });

  it('links back to the studio', () => {
    renderDashboard();
    expect(screen.getByRole('link', { name: 'Back to the studio' }).getAttribute('href')).toBe('/home?tab=menu');
  });

  it('says when a new artist has no tracks yet', () => {
    renderDashboard({}, { ...dashboard, totals: { ...dashboard.totals, tracks: 0 }, topByListens: [], topByLikes: [], recentComments: [] });
    expect(screen.getAllByText('No tracks yet. Upload one in the studio.')).toHaveLength(2);
    expect(screen.getByText('No comments on your tracks yet.')).toBeTruthy();
  });
});
