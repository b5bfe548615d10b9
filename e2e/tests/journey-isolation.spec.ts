import { expect, test } from '../support/test.js';

// support/test.ts closes what a journey leaves open: these two run in order, in one worker.
test.describe.configure({ mode: 'serial' });

test('a journey that opens a context of its own and leaves it open', async ({ browser }) => {
  const left = await browser.newContext();
  await left.newPage();
  expect(browser.contexts()).toContain(left);
});

test('the next journey starts with no context left over from it', async ({ browser }) => {
  expect(browser.contexts()).toHaveLength(0);
});
