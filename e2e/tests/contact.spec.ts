import { expect, test, type Page } from '../support/test.js';
import { unique } from '../support/app.js';
import { openSession, screenshotBoth, signInAsAdmin } from '../support/library.js';

/** The contact form stores messages on the server, where admins read them (GET /api/admin/contact-messages). */

interface StoredMessage {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
}

async function storedMessages(page: Page): Promise<StoredMessage[]> {
  const response = await page.request.get('/api/admin/contact-messages');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: StoredMessage[] }).items;
}

test('a visitor sends a message: Sending..., then thanks, and an admin can read it', async ({ browser }, testInfo) => {
  const visitor = await openSession(browser);
  const { page } = visitor;
  const subject = unique('Question about uploads');
  const message = `Can I upload FLAC files? ${subject}`;

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByText('we reply within 24 hours')).toBeVisible();
  await page.getByLabel('Name').fill('Carla Contact');
  await page.getByLabel('Email').fill('carla.contact@example.com');
  await page.getByLabel('Subject (optional)').fill(subject);
  await page.getByLabel('Message').fill(message);

  // Hold the request on its way to the (real) server, so the sending state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
  await page.getByRole('button', { name: 'Send message' }).click();
  const sending = page.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();
  expect((await answered).status()).toBe(201);

  await expect(page.getByRole('heading', { name: 'Thank you! Your message has been sent.' })).toBeVisible();
  await expect(page.getByText('We will reply to carla.contact@example.com within 24 hours.')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveCount(0);
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'contact-thanks');

  const admin = await openSession(browser);
  await signInAsAdmin(admin.page);
  const stored = (await storedMessages(admin.page)).filter((item) => item.subject === subject);
  expect(stored).toEqual([
    expect.objectContaining({ name: 'Carla Contact', email: 'carla.contact@example.com', subject, message }),
  ]);
  await admin.context.close();
  await visitor.context.close();
});

test('a bad address is caught before sending, said in words next to the field, keeps what was typed, and is not stored', async ({ browser }, testInfo) => {
  const visitor = await openSession(browser);
  const { page } = visitor;
  const marker = unique('refused');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) sent.push(request.method());
  });

  await page.goto('/contact');
  await page.getByLabel('Name').fill('Rex Refused');
  // The browser's own email check accepts an address without a top-level domain; the server's schema does not,
  // and the form checks with that schema before sending.
  const email = page.getByLabel('Email');
  await email.fill('rex@localhost');
  expect(await email.evaluate((input: HTMLInputElement) => input.checkValidity())).toBe(true);
  await page.getByLabel('Message').fill(`Please read this ${marker}`);
  await page.getByRole('button', { name: 'Send message' }).click();

  const reason = page.getByTestId('contact-error-email');
  await expect(reason).toHaveText('Enter a valid email address, like name@example.com.');
  await expect(email).toHaveAttribute('aria-describedby', (await reason.getAttribute('id')) ?? '');
  await expect(page.getByText(/email: /)).toHaveCount(0);
  expect(sent).toEqual([]);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('rex@localhost');
  await expect(page.getByLabel('Name')).toHaveValue('Rex Refused');
  await expect(page.getByLabel('Message')).toHaveValue(`Please read this ${marker}`);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await expect(page.getByText('Thank you! Your message has been sent.')).toHaveCount(0);
  await screenshotBoth(page, (file) => testInfo.outputPath(file), 'contact-refused');

  const admin = await openSession(browser);
  await signInAsAdmin(admin.page);
  expect((await storedMessages(admin.page)).filter((item) => item.message.includes(marker))).toEqual([]);
  await admin.context.close();
  await visitor.context.close();
});
