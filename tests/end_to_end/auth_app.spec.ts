import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { DatabaseSync } from 'node:sqlite'
import type { Page } from 'playwright-core'
import { launchChromium } from '#tests/common/headless_chromium'
import { installOffline } from '#tests/common/kit_app'
import { runOrFail, runAppTests } from '#tests/common/generated_app_commands'
import { scaffoldInProcess } from '#tests/common/scaffolding'
import { createPostgresDatabase } from '#tests/common/postgres_database'
import { startServerProcess } from '#tests/common/server_process'
import { testPort } from '#tests/common/test_ports'
import { typeChecker } from '#tests/common/type_checker'
import { lintApp } from '#tests/common/app_lint'

/*
 * Authentication from `node ace init Shop --auth` with no file edited by hand: the app
 * typechecks, lints clean and passes its own tests (the Identity module's among them) on SQLite
 * and on PostgreSQL, and its live server signs a caller in and out, documents the bearer token
 * in OpenAPI, and closes registration when told to.
 */

const PASSWORD = 'correct horse battery staple'

const PROTECTED_RESOURCE = [
  ['add-module', 'Catalog'],
  [
    'add-entity',
    'Product',
    '--module',
    'Catalog',
    '--aggregate',
    '--properties',
    'Name:string,Price:decimal(10,2)',
  ],
  ['add-crud', 'Product', '--module', 'Catalog', '--permission', 'catalog.products'],
  ['add-event', 'ProductCreated', '--module', 'Catalog', '--from', 'ProductCreated'],
  ['add-migration', 'AddProducts', '--module', 'Catalog'],
]

async function inApp(cwd: string, args: string[], env: Record<string, string>) {
  const { stdout } = await runOrFail(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    timeout: 240_000,
  })
  return stdout
}

/** A command that must fail: its output. */
async function runFailing(cwd: string, args: string[], env: Record<string, string>) {
  try {
    await runOrFail(process.execPath, args, { cwd, env: { ...process.env, ...env } })
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`${args.join(' ')} succeeded`)
}

async function send(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : '' }
}

/**
 * Swagger UI on the host's /docs: Try it out → Execute on the Identity module's GET /me, once
 * as it opens and once after its Authorize dialog took `token`. The status and the
 * Authorization header of each request the page sent.
 */
async function meThroughSwaggerUi(page: Page, origin: string, token: string) {
  await page.goto(`${origin}/docs`)
  await page.locator('.topbar select').selectOption({ label: 'Identity 1.0' })
  const me = page.locator('#operations-identity-getIdentityMe')
  await me.locator('.opblock-summary-control').click()
  await me.locator('button.try-out__btn').click()
  const execute = async () => {
    const sent = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith('/identity/me')
    )
    await me.locator('button.execute').click()
    const response = await sent
    return { status: response.status(), authorization: response.request().headers().authorization }
  }
  const before = await execute()
  await page.locator('.scheme-container button.authorize').click()
  const dialog = page.locator('.modal-ux')
  await dialog.locator('input').fill(token)
  await dialog.locator('button.authorize').click()
  await dialog.locator('button.btn-done').click()
  return { before, after: await execute() }
}

test.group('Authentication from init --auth', (group) => {
  let workspace: string
  let shop: string
  const env = {
    NODE_ENV: 'development',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILENAME: 'tmp/db.sqlite3',
  }

  group.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-auth-'))
    await inApp(app.makePath(), ['ace', 'init', 'Shop', '--auth', '--out', workspace], {})
    shop = join(workspace, 'Shop')
    await installOffline(shop)
    // A resource whose operations need permissions, as a user would ask for it.
    for (const command of PROTECTED_RESOURCE) await scaffoldInProcess(shop, command)
    await inApp(shop, ['ace', 'migration:run'], env)
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('the app typechecks, lints clean and passes its own tests on SQLite', async ({ assert }) => {
    await inApp(shop, [typeChecker(shop), '--noEmit'], env)
    await lintApp(shop)
    const output = await runAppTests(shop, ['--reporters=spec'], (argv) =>
      inApp(shop, argv, {
        ...env,
        NODE_ENV: 'test',
        SQLITE_FILENAME: 'tmp/test.sqlite3',
        TEST_PORT: String(testPort(160)),
      })
    )
    // Every test passed (the app's log lines may say "failed" of refused commands).
    assert.match(output, /Tests\s+(\d+) passed \(\1\)/)
    assert.include(output, 'five wrong passwords hold the account back from this address')
    assert.include(output, 'an expired access token is refused at once')
    assert.include(output, 'a password is hashed, and checked, before any transaction opens')
    assert.include(output, 'answers 403 to a caller without catalog.products.create')
  }).timeout(600_000)

  test('its own tests pass on PostgreSQL', async ({ assert, cleanup }) => {
    const database = `pantheon_auth_${testPort(161)}`
    cleanup(await createPostgresDatabase(database))
    const output = await runAppTests(shop, ['--reporters=dot'], (argv) =>
      inApp(shop, argv, {
        ...env,
        NODE_ENV: 'test',
        DB_CONNECTION: 'pg',
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
        TEST_PORT: String(testPort(161)),
      })
    )
    assert.match(output, /Tests\s+(\d+) passed \(\1\)/)
  }).timeout(600_000)

  test('a live host signs a caller in and out, and documents the bearer token', async ({
    assert,
    cleanup,
  }) => {
    const port = testPort(162)
    const server = await startServerProcess(
      { ...env, HTTPS_ENABLED: 'false', HOST: '127.0.0.1', PORT: String(port) },
      { appRoot: shop, readyPath: '/health/ready' }
    )
    cleanup(async () => void (await server.stop()))
    const base = `http://127.0.0.1:${port}/api/identity`

    const registered = await send(base, 'POST', '/users', {
      email: 'Ann@Example.com',
      password: PASSWORD,
    })
    assert.equal(registered.status, 201, JSON.stringify(registered.body))
    const signedIn = await send(base, 'POST', '/tokens', {
      email: 'ann@example.com',
      password: PASSWORD,
    })
    assert.equal(signedIn.status, 201)
    const token = signedIn.body.token as string
    assert.match(token, /^oat_/)

    const me = await send(base, 'GET', '/me', undefined, token)
    assert.deepEqual(me.body, { ...registered.body, permissions: [] })
    // The API reference's Authorize dialog: the token goes with the requests it sends.
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const tried = await meThroughSwaggerUi(page, `http://127.0.0.1:${port}`, token)
      assert.deepEqual(tried, {
        before: { status: 401, authorization: undefined },
        after: { status: 200, authorization: `Bearer ${token}` },
      })
    } finally {
      await browser.close()
    }
    const anonymous = await send(base, 'GET', '/me')
    assert.equal(anonymous.status, 401)
    assert.equal(anonymous.headers.get('www-authenticate'), 'Bearer')
    assert.equal(anonymous.body.code, 'Auth.Unauthenticated')
    const signedOut = await send(base, 'DELETE', '/tokens/current', undefined, token)
    assert.equal(signedOut.status, 204)
    const revoked = await send(base, 'GET', '/me', undefined, token)
    assert.equal(revoked.status, 401)

    // An operator's commands: a role, a grant, and a token for a script.
    await inApp(shop, ['ace', 'identity:roles', 'auditor', 'identity.accounts.read'], env)
    const refused = await runFailing(
      shop,
      ['ace', 'identity:grant', 'ann@example.com', 'nobody'],
      env
    )
    assert.include(refused, 'There is no role nobody (roles: auditor;')
    await inApp(shop, ['ace', 'identity:grant', 'ann@example.com', 'auditor'], env)
    const printed = await inApp(shop, ['ace', 'identity:token', 'ann@example.com'], env)
    const scripted = printed.trim()
    const account = await send(base, 'GET', `/users/${registered.body.id}`, undefined, scripted)
    assert.equal(account.status, 200)
    await inApp(shop, ['ace', 'identity:revoke', 'ann@example.com', 'auditor'], env)
    const revokedRole = await send(base, 'GET', `/users/${registered.body.id}`, undefined, scripted)
    assert.equal(revokedRole.status, 403)
    assert.equal(revokedRole.body.permission, 'identity.accounts.read')

    // The walk of the protected resource on SQLite (the next test takes it on PostgreSQL).
    const catalog = `http://127.0.0.1:${port}/api/catalog/products`
    const product = { name: 'Lamp', price: 12.5 }
    const anonymousList = await send(catalog, 'GET', '')
    assert.equal(anonymousList.status, 401)
    const unlisted = await send(catalog, 'GET', '', undefined, scripted)
    assert.equal(unlisted.status, 403)
    assert.equal(unlisted.body.permission, 'catalog.products.read')
    const forbidden = await send(catalog, 'POST', '', product, scripted)
    assert.equal(forbidden.status, 403)
    assert.equal(forbidden.body.permission, 'catalog.products.create')
    const grants = ['catalog.products.read', 'catalog.products.create']
    await inApp(shop, ['ace', 'identity:grant', 'ann@example.com', ...grants], env)
    const listed = await send(catalog, 'GET', '', undefined, scripted)
    assert.equal(listed.status, 200)
    const created = await send(catalog, 'POST', '', product, scripted)
    assert.equal(created.status, 201, JSON.stringify(created.body))
    const removal = await send(catalog, 'DELETE', `/${created.body}`, undefined, scripted)
    assert.equal(removal.status, 403)
    assert.equal(removal.body.permission, 'catalog.products.delete')
    // The token that was just served signs out, and is refused from then on.
    const scriptSignedOut = await send(base, 'DELETE', '/tokens/current', undefined, scripted)
    assert.equal(scriptSignedOut.status, 204)
    const listedSignedOut = await send(catalog, 'GET', '', undefined, scripted)
    assert.equal(listedSignedOut.status, 401)
    // The event the create published names who acted.
    const database = new DatabaseSync(join(shop, env.SQLITE_FILENAME), { readOnly: true })
    try {
      const events = database
        .prepare('select type, actor_id from pantheon_outbox where payload like ?')
        .all(`%${created.body}%`)
      assert.deepEqual(
        events.map((row) => ({ ...row })),
        [{ type: 'catalog.product_created', actor_id: registered.body.id }]
      )
    } finally {
      database.close()
    }

    const document = await send(`http://127.0.0.1:${port}`, 'GET', '/openapi/identity-v1.json')
    assert.deepEqual(document.body.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      description:
        'An access token of the Identity module (POST /api/identity/tokens), sent as Authorization: Bearer <token>',
    })
    const meOperation = document.body.paths['/api/v1/identity/me'].get
    assert.deepEqual(meOperation.security, [{ bearerAuth: [] }])
    assert.property(meOperation.responses, '401')
    assert.property(document.body.components.responses.Unauthorized.headers, 'WWW-Authenticate')
    const signInOperation = document.body.paths['/api/v1/identity/tokens'].post
    assert.notProperty(signInOperation, 'security')
    const userOperation = document.body.paths['/api/v1/identity/users/{id}'].get
    assert.property(userOperation.responses, '403')
    assert.include(userOperation.description, 'identity.accounts.read')
    // Seven ace commands, each a process that boots the app: minutes beside four other lanes.
  }).timeout(600_000)

  // The same walk on SQLite is part of the test above, on its live host.
  test('on PostgreSQL a signed-in caller is served only what it was granted', async ({
    assert,
    cleanup,
  }) => {
    const port = testPort(166)
    const name = `pantheon_auth_walk_${port}`
    cleanup(await createPostgresDatabase(name))
    const store = {
      DB_CONNECTION: 'pg',
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}`,
    }
    // A development start migrates the database; the server is ready once it has.
    const server = await startServerProcess(
      { ...env, ...store, HTTPS_ENABLED: 'false', HOST: '127.0.0.1', PORT: String(port) },
      { appRoot: shop, readyPath: '/health/ready' }
    )
    cleanup(async () => void (await server.stop()))
    const origin = `http://127.0.0.1:${port}`
    const products = `${origin}/api/catalog/products`

    const anonymous = await send(products, 'GET', '')
    assert.equal(anonymous.status, 401)
    const credentials = { email: 'walker@example.com', password: PASSWORD }
    const registered = await send(origin, 'POST', '/api/identity/users', credentials)
    assert.equal(registered.status, 201, `${JSON.stringify(registered.body)}\n${server.output()}`)
    const signedIn = await send(origin, 'POST', '/api/identity/tokens', credentials)
    const token = signedIn.body.token as string
    const unauthorized = await send(products, 'GET', '', undefined, token)
    assert.equal(unauthorized.status, 403)
    assert.equal(unauthorized.body.permission, 'catalog.products.read')

    const grants = ['catalog.products.read', 'catalog.products.create']
    await inApp(shop, ['ace', 'identity:grant', credentials.email, ...grants], {
      ...env,
      ...store,
    })
    const listed = await send(products, 'GET', '', undefined, token)
    assert.equal(listed.status, 200)
    const created = await send(products, 'POST', '', { name: 'Lamp', price: 12.5 }, token)
    assert.equal(created.status, 201, JSON.stringify(created.body))
    const removal = await send(products, 'DELETE', `/${created.body}`, undefined, token)
    assert.equal(removal.status, 403)
    assert.equal(removal.body.permission, 'catalog.products.delete')

    const signedOut = await send(origin, 'DELETE', '/api/identity/tokens/current', undefined, token)
    assert.equal(signedOut.status, 204)
    const afterSignOut = await send(products, 'GET', '', undefined, token)
    assert.equal(afterSignOut.status, 401)
  }).timeout(600_000)

  test('IDENTITY_SELF_REGISTRATION=false closes registration', async ({ assert, cleanup }) => {
    const port = testPort(164)
    const server = await startServerProcess(
      {
        ...env,
        HTTPS_ENABLED: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        IDENTITY_SELF_REGISTRATION: 'false',
      },
      { appRoot: shop, readyPath: '/health/ready' }
    )
    cleanup(async () => void (await server.stop()))
    const refused = await send(`http://127.0.0.1:${port}/api/identity`, 'POST', '/users', {
      email: 'closed@example.com',
      password: PASSWORD,
    })
    assert.equal(refused.status, 403)
    assert.equal(refused.body.code, 'Identity.RegistrationClosed')
  })
})
