import { expect, test, type Locator, type Page } from '../support/test.js';
import { unique } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import {
  main,
  openSession,
  openTab,
  removeUploadedTracks,
  signInAsAdmin,
  signedInAccount,
  uploadShortTrack,
  type Session,
  markNoReload,
  stillNotReloaded,
} from '../support/library.js';

// Uploads would lead the home list of the journeys after this one: remove them.
test.afterEach(removeUploadedTracks);

/** Posts, the news feed, subscriptions and artist pages (issue 4), across several browser contexts. */

const headers = { origin: APP_URL };

async function userIdOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/me');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

async function setStatus(admin: Page, userId: string, status: 'creator' | 'artist' | 'premium' | 'user'): Promise<void> {
  const response = await admin.request.put(`/api/admin/users/${encodeURIComponent(userId)}/status`, { data: { status }, headers });
  expect(response.status(), await response.text()).toBe(200);
}

async function postViaApi(page: Page, text: string): Promise<{ id: string }> {
  const response = await page.request.post('/api/posts', { data: { text }, headers });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** A creator: a new account whose status the admin sets to creator. */
async function newCreator(admin: Page, session: Session, name: string): Promise<string> {
  await signedInAccount(session.page, name);
  const id = await userIdOf(session.page);
  await setStatus(admin, id, 'creator');
  return id;
}

function postCard(page: Page, text: string): Locator {
  return main(page).getByTestId('post-card').filter({ hasText: text });
}



test('a listener subscribes on the artist page, and the artist\'s new post arrives live in their news, marked new', async ({ browser }, testInfo) => {
  const artist = await openSession(browser);
  const listener = await openSession(browser);
  let trackId: string | null = null;
  try {
    await artist.context.addInitScript(() => window.localStorage.setItem('acceptedCopyright', 'true'));
    const artistName = unique('News Artist');
    await signedInAccount(artist.page, artistName);
    const track = await uploadShortTrack(artist.page, unique('News track'));
    trackId = track.id;
    const artistId = track.artistId;

    // The artist's own page offers no Subscribe.
    await artist.page.goto(`/artist/${artistId}`);
    await expect(artist.page.getByRole('heading', { level: 1, name: artistName })).toBeVisible();
    await expect(artist.page.getByTestId('stat-tracks')).toHaveText('1');
    await expect(artist.page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
    await expect(artist.page.getByTestId('stat-subscribers')).toHaveText('0');
    await markNoReload(artist.page);

    await signedInAccount(listener.page, 'News Listener');
    const page = listener.page;
    await page.goto(`/artist/${artistId}`);
    await expect(page.getByRole('heading', { level: 1, name: artistName })).toBeVisible();
    const subscribers = page.getByTestId('stat-subscribers');
    await expect(subscribers).toHaveText('0');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(subscribers).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(subscribers).toHaveText('0');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(subscribers).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible();
    // The artist's own open page counts the new subscriber live.
    await expect(artist.page.getByTestId('stat-subscribers')).toHaveText('1');
    expect(await stillNotReloaded(artist.page)).toBe(true);
    // The server agrees, and a reload keeps it.
    await page.reload();
    await expect(subscribers).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('artist-subscribed.png') });

    // The listener watches the news tab while the artist publishes from the studio.
    await openTab(page, 'news', 'News');
    await markNoReload(page);
    const text = unique('Fresh from the studio');
    await expect(postCard(page, text)).toHaveCount(0);

    await openTab(artist.page, 'menu', 'Studio');
    await artist.page.getByRole('button', { name: 'Create Post' }).click();
    const dialog = artist.page.getByRole('dialog', { name: 'Create post' });
    await dialog.getByLabel('Post text').fill(`  ${text}  `);
    await expect(dialog.getByText(`${text.length}/180`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();

    const card = postCard(page, text);
    await expect(card).toBeVisible();
    expect(await stillNotReloaded(page)).toBe(true);
    await expect(card).toHaveClass(/post-card--unread/);
    await expect(card.getByText('New', { exact: true })).toBeAttached();
    await expect(card.getByRole('link', { name: artistName })).toHaveAttribute('href', `/artist/${artistId}`);
    // A new account has the plain user status: no badge.
    await expect(card.getByTestId('status-badge')).toHaveCount(0);
    // The newest post leads the feed.
    await expect(main(page).getByTestId('post-card').first()).toContainText(text);
    await page.screenshot({ path: testInfo.outputPath('news-live-unread.png') });

    // A like counts at once and sticks.
    const like = card.getByRole('button', { name: 'Like' });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByTestId('post-likes')).toHaveText('1');

    // Having been shown, the post is remembered as viewed: the next visit no longer marks it.
    const postId = await card.getAttribute('data-post-id');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem('viewedPosts') ?? '[]') as string[]))
      .toContain(postId);
    await page.reload();
    await expect(card).toBeVisible();
    await expect(card).not.toHaveClass(/post-card--unread/);
    await expect(card.getByTestId('post-likes')).toHaveText('1');
  } finally {
    // The upload would otherwise lead the home list of the journeys that run after this one.
    if (trackId) await artist.page.request.delete(`/api/tracks/${trackId}`, { headers });
    await artist.context.close();
    await listener.context.close();
  }
});

test("a creator's post reaches everyone's news; a non-creator's reaches only subscribers", async ({ browser }, testInfo) => {
  const admin = await openSession(browser);
  const creator = await openSession(browser);
  const other = await openSession(browser);
  const reader = await openSession(browser);
  const anonymous = await openSession(browser);
  try {
    await signInAsAdmin(admin.page);
    const creatorName = unique('News Creator');
    await newCreator(admin.page, creator, creatorName);
    await signedInAccount(other.page, 'Plain Poster');
    const otherText = unique('Only for my subscribers');
    await postViaApi(other.page, otherText);
    const creatorText = unique('Hello everyone');
    await postViaApi(creator.page, creatorText);

    await signedInAccount(reader.page, 'New Reader');
    for (const page of [reader.page, anonymous.page]) {
      await openTab(page, 'news', 'News');
      const card = postCard(page, creatorText);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('status-badge')).toHaveText('Creator');
      await expect(card.getByRole('link', { name: creatorName })).toBeVisible();
      // Posted just before the creator's, it would sit right below it if it were listed.
      await expect(postCard(page, otherText)).toHaveCount(0);
    }
    // Signed out, the likes are a count, not a button.
    const anonymousCard = postCard(anonymous.page, creatorText);
    await expect(anonymousCard.getByTestId('post-likes')).toHaveText('0');
    await expect(anonymousCard.getByRole('button')).toHaveCount(0);
    await anonymous.page.screenshot({ path: testInfo.outputPath('news-signed-out.png') });

    // The poster's own page still shows that post to anyone.
    await reader.page.goto(`/artist/${await userIdOf(other.page)}`);
    await expect(postCard(reader.page, otherText)).toBeVisible();
  } finally {
    for (const session of [admin, creator, other, reader, anonymous]) await session.context.close();
  }
});

test("the artist page shows a creator's badge and the post they pin first", async ({ browser }, testInfo) => {
  const admin = await openSession(browser);
  const creator = await openSession(browser);
  const visitor = await openSession(browser);
  try {
    await signInAsAdmin(admin.page);
    const name = unique('Pinning Creator');
    const creatorId = await newCreator(admin.page, creator, name);
    const older = unique('My first words');
    await postViaApi(creator.page, older);
    const newer = unique('My latest words');
    await postViaApi(creator.page, newer);

    const page = creator.page;
    await page.goto(`/artist/${creatorId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('status-badge').first()).toHaveText('Creator');
    const cards = main(page).getByTestId('post-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText(newer);

    await postCard(page, older).getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(cards.first()).toContainText(older);
    await expect(cards.first()).toHaveClass(/post-card--pinned/);
    await expect(cards.first().getByText('Pinned', { exact: true })).toBeVisible();
    await expect(cards.first().getByRole('button', { name: 'Unpin', exact: true })).toBeVisible();
    await expect(cards.nth(1)).not.toHaveClass(/post-card--pinned/);

    // Another viewer sees the same order, the badge, and no author controls.
    await signedInAccount(visitor.page, 'Page Visitor');
    await visitor.page.goto(`/artist/${creatorId}`);
    await expect(visitor.page.getByTestId('status-badge').first()).toHaveText('Creator');
    const seen = main(visitor.page).getByTestId('post-card');
    await expect(seen.first()).toContainText(older);
    await expect(seen.first().getByText('Pinned', { exact: true })).toBeVisible();
    await expect(seen.nth(1)).toContainText(newer);
    await expect(main(visitor.page).getByRole('button', { name: 'Pin', exact: true })).toHaveCount(0);
    await expect(main(visitor.page).getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await visitor.page.screenshot({ path: testInfo.outputPath('artist-creator-pinned.png'), fullPage: true });

    // The author deletes the pinned post: it goes at once, with Undo offered until the toast goes.
    await postCard(page, older).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(newer);
    await expect(page.getByTestId('undo-toast')).toContainText('Post deleted');
    await expect(page.getByTestId('undo-toast')).toHaveCount(0, { timeout: 20_000 });
  } finally {
    for (const session of [admin, creator, visitor]) await session.context.close();
  }
});
