import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { chromium, type Browser, type Page } from 'playwright-core';
import request from 'supertest';
import { findChromium } from './support/chromium.js';
import { freePort } from './support/free-port.js';
import { BROWSER, describeWith } from './support/optional-suites.js';
import { API_KEY, AUTH, startApp } from './support/test-app.js';
import { listenApp } from '../src/app.setup.js';

/** An installed Chromium (CI: Debian's, apt-get install chromium), never a browser download. */
const CHROMIUM = findChromium();
const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url));

describeWith(CHROMIUM !== undefined, BROWSER)('Swagger UI in headless Chromium', () => {
  let app: NestExpressApplication;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    // The document's production server must point at this very process for "Try it out".
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startApp('sqlite::memory:', { PUBLIC_BASE_URL: base });
    await listenApp(app, port, '127.0.0.1');
    for (const name of ['Rex', 'Tom']) {
      await request(app.getHttpServer())
        .post('/v1/pets')
        .set(AUTH)
        .set('Content-Type', 'application/json')
        .send({ name, categoryId: 1 })
        .expect(201);
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
  }, 60_000);

  async function authorize(): Promise<void> {
    await page.locator('.auth-wrapper button.authorize').click();
    await page.locator('.auth-container input').fill(API_KEY);
    await page.locator('.auth-btn-wrapper button.authorize').click();
    await page.locator('.auth-btn-wrapper button.btn-done').click();
    await expect(
      page.locator('.auth-wrapper button.authorize').getAttribute('class'),
    ).resolves.toContain('locked');
  }

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lists the three pets operations, shows getPet deprecated, authorizes with a key and runs listPets', async () => {
    const external: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(base)) external.push(req.url());
    });
    await page.goto(`${base}/docs`);
    await page.locator('.opblock').first().waitFor();

    // HEAD is declared beside every GET.
    await expect(
      page.locator('[id^="operations-pets-"] .opblock-summary-operation-id').allTextContents(),
    ).resolves.toEqual(['listPets', 'createPet', 'listPetsHead', 'getPet', 'getPetHead']);
    await expect(page.locator('#operations-pets-getPet').getAttribute('class')).resolves.toContain(
      'opblock-deprecated',
    );
    await expect(
      page.locator('#operations-pets-listPets').getAttribute('class'),
    ).resolves.not.toContain('opblock-deprecated');

    await authorize();

    await page.locator('#operations-pets-listPets .opblock-summary').click();
    await page.locator('#operations-pets-listPets button.try-out__btn').click();
    await page.locator('#operations-pets-listPets button.execute').click();
    const status = page
      .locator('#operations-pets-listPets .live-responses-table .response .response-col_status')
      .first();
    await status.waitFor();
    await expect(status.textContent()).resolves.toContain('200');
    const body = await page
      .locator('#operations-pets-listPets .live-responses-table .response-col_description pre')
      .first()
      .textContent();
    expect(body).toContain('"name": "Rex"');
    expect(body).toContain('"name": "Tom"');

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}swagger-ui.png`, fullPage: true });
    expect(external).toEqual([]);
  }, 60_000);

  it("shows the document's webhooks (OpenAPI 3.1): what an endpoint is POSTed, with its headers", async () => {
    await page.goto(`${base}/docs`);
    await page.locator('.opblock').first().waitFor();
    const webhook = page.locator('.opblock', { hasText: 'orderEventWebhook' });
    await webhook.first().waitFor();
    await expect(webhook.count()).resolves.toBe(1);
    await webhook.locator('.opblock-summary').click();
    await expect(webhook.locator('.parameters').textContent()).resolves.toContain(
      'webhook-signature',
    );
  }, 60_000);

  it('sends a PATCH from "Try it out" of updateOrder, as application/merge-patch+json, and shows the changed order', async () => {
    const order = await request(app.getHttpServer())
      .post('/v1/store/orders')
      .set(AUTH)
      .set('Content-Type', 'application/json')
      .send({ petId: 1, quantity: 1 })
      .expect(201);
    const sent: { method: string; contentType?: string }[] = [];
    page.on('request', (req) => {
      if (req.url() === `${base}/v1/store/orders/${order.body.id}`)
        sent.push({ method: req.method(), contentType: req.headers()['content-type'] });
    });
    await page.goto(`${base}/docs`);
    await page.locator('.opblock').first().waitFor();
    await authorize();

    const operation = page.locator('#operations-store-updateOrder');
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('tr[data-param-name="orderId"] input').fill(String(order.body.id));
    await operation.locator('textarea.body-param__text').fill('{"status":"approved"}');
    await operation.locator('button.execute').click();
    const status = operation
      .locator('.live-responses-table .response .response-col_status')
      .first();
    await status.waitFor();
    await expect(status.textContent()).resolves.toContain('200');
    const body = await operation
      .locator('.live-responses-table .response-col_description pre')
      .first()
      .textContent();
    expect(body).toContain('"status": "approved"');
    expect(sent).toEqual([{ method: 'PATCH', contentType: 'application/merge-patch+json' }]);
    const stored = await request(app.getHttpServer())
      .get(`/v1/store/orders/${order.body.id}`)
      .set(AUTH)
      .expect(200);
    expect(stored.body.status).toBe('approved');
  }, 60_000);
});
