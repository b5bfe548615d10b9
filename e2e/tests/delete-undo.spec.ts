import { expect, test, type Page } from '../support/test.js';
import { newAccount, signUpViaApi, skipTermsModal, unique, waitForDemoCatalogue } from '../support/app.js';
import { APP_URL } from '../support/env.js';
import { main } from '../support/library.js';

/*
 * Issue 29, point 7: a comment or a post is deleted with Undo. It goes at once with a toast
 * "… deleted · Undo"; Undo brings it back (and the server never deleted it); left alone, the
 * toast goes and the delete is final (gone after a reload).
 */

const headers = { origin: APP_URL };
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false },
  { name: 'phone', viewport: { width: 375, height: 812 }, hasTouch: true },
] as const;

const toast = (page: Page) => page.getByTestId('undo-toast');

for (const size of SIZES) {
  test.describe(`${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });
    test.beforeEach(async ({ context }) => {
      await skipTermsModal(context);
    });

    test('a comment: Delete, Undo brings it back; left alone, it is gone after a reload', async ({ page }, testInfo) => {
      const track = (await waitForDemoCatalogue(page.request))[0]!;
      await signUpViaApi(page, newAccount('Undo Commenter'));
      const text = unique('Undo me');
      const created = await page.request.post(`/api/tracks/${track.id}/comments`, { data: { text }, headers });
      expect(created.status(), await created.text()).toBe(201);
      const stored = async () => ((await (await page.request.get(`/api/tracks/${track.id}/comments`)).json()) as { items: { text: string }[] }).items.map((item) => item.text);

      await page.goto(`/track/${encodeURIComponent(track.id)}`);
      const panel = main(page).getByRole('complementary', { name: 'Comments' });
      const comment = panel.getByTestId('comment').filter({ hasText: text });
      await expect(comment).toBeVisible();

      await test.step('Delete: the comment goes at once, the toast offers Undo', async () => {
        await comment.getByRole('button', { name: 'Delete the comment by Undo Commenter' }).click();
        await expect(comment).toHaveCount(0);
        await expect(toast(page)).toContainText('Comment deleted');
        await expect(toast(page).getByRole('button', { name: 'Undo' })).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`comment-undo-toast-${size.name}.png`) });
      });

      await test.step('Undo: the comment is back, also after a reload', async () => {
        await toast(page).getByRole('button', { name: 'Undo' }).click();
        await expect(comment).toBeVisible();
        await expect(toast(page)).toHaveCount(0);
        await page.reload();
        await expect(comment).toBeVisible();
        expect(await stored()).toContain(text);
      });

      await test.step('Delete again and leave it: once the toast has gone, it is gone after a reload', async () => {
        await comment.getByRole('button', { name: 'Delete the comment by Undo Commenter' }).click();
        await expect(toast(page)).toContainText('Comment deleted');
        await expect(toast(page)).toHaveCount(0, { timeout: 20_000 });
        await expect.poll(stored).not.toContain(text);
        await page.reload();
        await expect(panel).toBeVisible();
        await expect(comment).toHaveCount(0);
      });
    });

    test('a post: Delete, Undo brings it back; left alone, it is gone after a reload', async ({ page }, testInfo) => {
      await signUpViaApi(page, newAccount('Undo Author'));
      const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
      const text = unique('A post to undo');
      const created = await page.request.post('/api/posts', { data: { text }, headers });
      expect(created.status(), await created.text()).toBe(201);
      const stored = async () => ((await (await page.request.get(`/api/artists/${me.user.id}/posts`)).json()) as { items: { text: string }[] }).items.map((item) => item.text);
      expect(await stored()).toContain(text);

      await page.goto(`/artist/${encodeURIComponent(me.user.id)}`);
      const post = main(page).getByTestId('post-card').filter({ hasText: text });
      await expect(post).toBeVisible();

      await test.step('Delete: the post goes at once (no confirm), the toast offers Undo', async () => {
        page.once('dialog', (dialog) => void dialog.dismiss());
        await post.getByRole('button', { name: 'Delete', exact: true }).click();
        await expect(post).toHaveCount(0);
        await expect(toast(page)).toContainText('Post deleted');
        await page.screenshot({ path: testInfo.outputPath(`post-undo-toast-${size.name}.png`) });
      });

      await test.step('Undo: the post is back, also after a reload', async () => {
        await toast(page).getByRole('button', { name: 'Undo' }).click();
        await expect(post).toBeVisible();
        await page.reload();
        await expect(post).toBeVisible();
        expect(await stored()).toContain(text);
      });

      await test.step('Delete again and leave it: once the toast has gone, it is gone after a reload', async () => {
        await post.getByRole('button', { name: 'Delete', exact: true }).click();
        await expect(toast(page)).toContainText('Post deleted');
        await expect(toast(page)).toHaveCount(0, { timeout: 20_000 });
        await expect.poll(stored).not.toContain(text);
        await page.reload();
        // The author's only post is gone: the list says there are none.
        await expect(main(page).getByText('No posts yet.')).toBeVisible();
        await expect(post).toHaveCount(0);
      });
    });
  });
}
