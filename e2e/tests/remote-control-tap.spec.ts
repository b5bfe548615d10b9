import { expect, test } from '../support/test.js';
import { audioState, nowPlayingTitle, playFromList, waitForDemoCatalogue, waitForPlaybackPast } from '../support/app.js';
import { openSession, signInViaApi, signedInAccount } from '../support/library.js';

/*
 * Issue 14, remote control where the browser wants a tap before it plays sound. Headless Chromium
 * lets every page play (whatever --autoplay-policy says, and its navigator.userActivation is already
 * set on a page opened by the test), so the speaker's page gets the policy of a browser with a screen
 * from this script: play() is refused with NotAllowedError until the page has had a trusted click,
 * tap or key press (Playwright's clicks are trusted input, as a person's are).
 */
function autoplayPolicy(): void {
  let touched = false;
  for (const type of ['pointerdown', 'keydown']) {
    window.addEventListener(type, (event) => (touched ||= event.isTrusted), { capture: true });
  }
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!touched) return Promise.reject(new DOMException('play() needs a gesture first', 'NotAllowedError'));
    return play.call(this);
  };
}

test('a play sent to a page nobody has touched asks there for a tap, and the controller says it waits for one', async ({ browser }, testInfo) => {
  const lookup = await openSession(browser);
  const demo = await waitForDemoCatalogue(lookup.page.request);
  await lookup.context.close();
  const track = demo.find((candidate) => (candidate.duration ?? 0) >= 40) ?? demo[0]!;
  // A queue played on a first page, then a fresh tab of the same listener restores it: that page has
  // never been touched.
  const first = await openSession(browser);
  const account = await signedInAccount(first.page, 'Remote Tap');
  await first.page.goto('/home');
  await playFromList(first.page, track.title);
  await waitForPlaybackPast(first.page, 0.5);
  await first.page.getByRole('button', { name: 'Pause', exact: true }).first().click();
  const saved = await first.page.evaluate(() => localStorage.getItem('platter-player'));
  await first.context.close();
  expect(saved).toBeTruthy();

  const speaker = await openSession(browser);
  const remote = await openSession(browser);
  try {
    await signInViaApi(speaker.page, account);
    await signInViaApi(remote.page, account);
    await speaker.context.addInitScript((value) => localStorage.setItem('platter-player', value), saved!);
    await speaker.context.addInitScript(autoplayPolicy);
    await speaker.page.goto('/home');
    await expect(nowPlayingTitle(speaker.page)).toHaveText(track.title);
    // Only locators on this page until the ask shows: page.evaluate counts as a gesture in Chromium.
    const player = speaker.page.getByRole('region', { name: 'Player' });
    await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

    await remote.page.goto('/home');
    await remote.page.getByRole('button', { name: 'Control another player (1)' }).click();
    const device = remote.page.getByTestId('remote-device');
    await device.getByRole('button', { name: 'Play on Chrome on Linux' }).click();

    const ask = speaker.page.getByTestId('tap-to-play');
    await expect(ask).toContainText('Your browser waits for a tap before it plays sound here.');
    await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(device).toContainText('Waiting for a tap on Chrome on Linux');
    await speaker.page.screenshot({ path: testInfo.outputPath('tap-to-play.png') });

    await ask.getByRole('button', { name: 'Play here' }).click();
    await expect.poll(async () => (await audioState(speaker.page)).paused).toBe(false);
    await expect(ask).toBeHidden();
    await expect(device).not.toContainText('Waiting for a tap');
  } finally {
    await speaker.context.close();
    await remote.context.close();
  }
});
