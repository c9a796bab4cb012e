import { test } from '@japa/runner'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from '#tests/common/headless_chromium'

/** The suite's own server (bin/test.ts sets HOST and PORT). */
const ORIGIN = `http://${process.env.HOST}:${process.env.PORT}`

/**
 * Every request the browser makes, and those that would have left the test server: these are
 * refused before they go out, so the page behaves as it would with no internet.
 */
async function recordRequests(context: BrowserContext, page: Page) {
  const requests: string[] = []
  const elsewhere: string[] = []
  await context.route('**/*', (route) => {
    const url = route.request().url()
    requests.push(url)
    if (new URL(url).origin === ORIGIN) return route.continue()
    elsewhere.push(url)
    return route.abort('blockedbyclient')
  })
  // WebSockets do not go through routes: any at all would be a surprise worth failing on.
  page.on('websocket', (socket) => elsewhere.push(socket.url()))
  return { requests, elsewhere }
}

/** Uncaught errors, and anything the page's Content-Security-Policy refused. */
function recordPageErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      errors.push(message.text())
    }
  })
  return errors
}

/**
 * A page waiting for something it was refused (by the test, or by its own Content-Security-Policy)
 * only fails on a timeout: the failure then names what was refused.
 */
async function explainingRefusals(
  refused: { elsewhere: string[]; errors: string[] },
  steps: () => Promise<void>
) {
  try {
    await steps()
  } catch (error) {
    if (error instanceof Error) {
      if (refused.elsewhere.length > 0) {
        error.message += `\nrefused requests to other hosts: ${refused.elsewhere.join(', ')}`
      }
      if (refused.errors.length > 0) error.message += `\npage errors: ${refused.errors.join('\n')}`
    }
    throw error
  }
}

/**
 * A new page in a context of its own (no cookie, cache or storage of another test's) of the
 * group's headless Chromium, with every request and page error recorded, for `steps`; a step
 * that times out says what was refused. Resolves to what was recorded.
 */
async function inBrowser(browser: Browser, steps: (page: Page) => Promise<void>) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const recorded = await recordRequests(context, page)
    const errors = recordPageErrors(page)
    await explainingRefusals({ elsewhere: recorded.elsewhere, errors }, () => steps(page))
    return { ...recorded, errors }
  } finally {
    await context.close()
  }
}

/**
 * Try it out → edit the body → Execute, on an operation of the shown document. The request goes
 * to `url` with a query string: Swagger UI fills the api-version parameter with its example,
 * the version of the document.
 */
async function tryItOut(page: Page, operationId: string, body: unknown, url: string) {
  const operation = page.locator(`#${operationId}`)
  await operation.locator('.opblock-summary-control').click()
  await operation.locator('button.try-out__btn').click()
  await operation.locator('textarea.body-param__text').fill(JSON.stringify(body))
  const sent = page.waitForResponse((response) => {
    const sentTo = new URL(response.url())
    return response.request().method() === 'POST' && `${sentTo.origin}${sentTo.pathname}` === url
  })
  await operation.locator('button.execute').click()
  const response = await sent
  return { operation, response }
}

test.group('API reference page in a browser', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  // One Chromium for the group's tests: its start is most of a test's time.
  let browser: Browser
  group.setup(async () => {
    browser = await launchChromium()
    return () => browser.close()
  })
  test('shows every module and version and sends a request, with no request leaving the host', async ({
    assert,
    client,
  }) => {
    const { requests, elsewhere, errors } = await inBrowser(browser, async (page) => {
      await page.goto(`${ORIGIN}/docs`)
      const selector = page.locator('.topbar select')
      await selector.waitFor()
      assert.includeMembers(await selector.locator('option').allTextContents(), [
        'Catalog 1.0',
        'Catalog 2.0',
        'Orders 1.0',
      ])

      // Catalog 1.0 first: no DELETE in that version.
      await page.locator('#operations-catalog-postCatalog').waitFor()
      assert.isTrue(await page.locator('#operations-catalog-getCatalogById').isVisible())
      assert.equal(await page.locator('#operations-catalog-deleteCatalogById').count(), 0)

      await selector.selectOption({ label: 'Catalog 2.0' })
      await page.locator('#operations-catalog-deleteCatalogById').waitFor()

      const name = `Browser pen ${Date.now()}`
      const { operation, response } = await tryItOut(
        page,
        'operations-catalog-postCatalog',
        { name, price: 12.5, category: 'pens' },
        `${ORIGIN}/api/v2/catalog`
      )
      assert.equal(response.status(), 201)
      assert.equal(new URL(response.url()).searchParams.get('api-version'), '2.0')
      await operation
        .locator('.live-responses-table .response-col_status')
        .getByText('201')
        .waitFor()
      const id = (await response.json()) as string
      const stored = await client.get(`/api/v2/catalog/${id}`)
      stored.assertStatus(200)
      stored.assertBodyContains({ id, name, category: 'pens' })

      await selector.selectOption({ label: 'Orders 1.0' })
      await page.locator('#operations-orders-getOrdersProductsById').waitFor()
    })

    assert.deepEqual(elsewhere, [], 'requests to other hosts')
    assert.deepEqual(errors, [])
    // Not vacuous: the viewer and every document came from the test server.
    for (const part of [
      '/docs',
      'swagger-ui-bundle.js',
      '/openapi/catalog-v1.json',
      '/openapi/catalog-v2.json',
      '/openapi/orders-v1.json',
    ]) {
      assert.isTrue(
        requests.some((url) => url.startsWith(`${ORIGIN}/`) && url.includes(part)),
        `no request for ${part}`
      )
    }
  }).timeout(90_000)

  test("shows a module's integration events in the AsyncAPI viewer, with no request leaving the host", async ({
    assert,
  }) => {
    const { requests, elsewhere, errors } = await inBrowser(browser, async (page) => {
      await page.goto(`${ORIGIN}/docs`)
      await page.getByRole('link', { name: 'Catalog', exact: true }).click()
      await page.waitForURL(`${ORIGIN}/docs/events/catalog`)
      // Drawn from the document: its title, the channel, and the message's CloudEvents headers.
      await page.locator('h1', { hasText: 'Catalog events' }).waitFor({ state: 'attached' })
      await page.getByText('catalog.product_created').first().waitFor({ state: 'attached' })
      await page.getByText('eventversion').first().waitFor({ state: 'attached' })
    })

    assert.deepEqual(elsewhere, [], 'requests to other hosts')
    assert.deepEqual(errors, [])
    for (const part of ['asyncapi-standalone.js', 'asyncapi.css', '/asyncapi/catalog.json']) {
      assert.isTrue(
        requests.some((url) => url.startsWith(`${ORIGIN}/`) && url.includes(part)),
        `no request for ${part}`
      )
    }
  }).timeout(90_000)
})
