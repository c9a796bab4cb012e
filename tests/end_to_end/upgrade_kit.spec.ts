import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { hashAppFiles, nextPatch, npm, releasePatch, tarballFiles } from '#tests/common/kit_release'
import { printed, startServerProcess } from '#tests/common/server_process'
import { generatedAppCommands, portAbove } from '#tests/common/generated_app_commands'

/** The new app's own SQLite file and ports (118 and 117 above this suite's), so nothing it does touches this suite's. */
const inApp = generatedAppCommands(118)
const PORT = portAbove(117)
const BASE = `http://127.0.0.1:${PORT}`

interface Manifest {
  version: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

async function manifest(folder: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as Manifest
}

/**
 * Every TypeScript the app's install holds: 5.9 as `typescript` and 7 as `tsgo`, and nothing
 * nested. (Under the name `@typescript/native`, 7 met typescript-eslint's optional peer of
 * that name, and npm nested a copy of a 7.1 development build in three of its packages.)
 */
async function installedTypeScripts(appRoot: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    'find',
    [
      'node_modules',
      '-path',
      '*/typescript/package.json',
      '-o',
      '-path',
      '*/tsgo/package.json',
      '-o',
      '-path',
      '*/@typescript/native/package.json',
    ],
    { cwd: appRoot, maxBuffer: 20 * 1024 * 1024 }
  )
  return stdout.split('\n').filter(Boolean).sort()
}

/** What the running app answers: the Orders sample, and a problem-details 404 with its headers. */
async function probe(appRoot: string) {
  const server = await startServerProcess(
    {
      NODE_ENV: 'development',
      HTTPS_ENABLED: 'false',
      HOST: '127.0.0.1',
      PORT,
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME: 'tmp/db.sqlite3',
    },
    { appRoot }
  )
  try {
    const sample = await fetch(`${BASE}/api/orders/sample`)
    const missing = await fetch(`${BASE}/api/orders/nope`)
    // The answers came from this app's server, not from another process holding the port.
    if (
      server.process.exitCode !== null ||
      !(await printed(server, `started HTTP server on 127.0.0.1:${PORT}`))
    ) {
      throw new Error(
        `the app's server is not the one that answered on ${PORT}:\n${server.output()}`
      )
    }
    return {
      sample: { status: sample.status, body: await sample.text() },
      missing: {
        status: missing.status,
        contentType: missing.headers.get('content-type'),
        cacheControl: missing.headers.get('cache-control'),
        body: (await missing.json()) as { code: string; status: number; instance: string },
      },
    }
  } finally {
    await server.stop()
  }
}

/**
 * The fix kit N+1 ships: error answers must not be stored by a cache (a proxy keeping a 503 or a
 * 404 would serve it after the cause is gone). It lives in the kit's compiled problem-details
 * writer, which every problem answer (exception handler, health, endpoints) goes through.
 */
const FIX = {
  file: 'dist/app/building_blocks/infrastructure/http/problem_details.js',
  find: ".header('content-type', 'application/problem+json; charset=utf-8')",
  replace:
    ".header('content-type', 'application/problem+json; charset=utf-8')\n        .header('cache-control', 'no-store')",
}

test.group('Kit upgrade end to end', (group) => {
  group.tap((t) => t.tags(['@long']))
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-upgrade-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('an app made with kit N takes a fix from kit N+1 by upgrading the package alone', async ({
    assert,
  }) => {
    const node = process.execPath
    const timings: string[] = []
    const timed = async <T>(label: string, step: () => Promise<T>): Promise<T> => {
      const started = Date.now()
      const result = await step()
      timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)}s`)
      return result
    }

    // Kit N: the version of this repository, packed by init into the app's vendor/.
    const { version: kitN } = await manifest(app.makePath())
    const kitNext = nextPatch(kitN)
    await inApp(app.makePath(), node, ['ace', 'init', 'Shop', '--out', workspace])
    const shop = join(workspace, 'Shop')
    const vendored = join(shop, 'vendor', `pantheon-kit-${kitN}.tgz`)
    assert.deepEqual(await readdir(join(shop, 'vendor')), [basename(vendored)])
    const { dependencies } = await manifest(shop)
    assert.equal(dependencies['@pantheon/kit'], `file:vendor/${basename(vendored)}`)

    // A real install from the registry (npm's cache first), as a developer's first `npm install`.
    await timed('npm install', () =>
      npm(shop, ['install', '--prefer-offline', '--no-audit', '--no-fund'])
    )
    const kitInstalled = await manifest(join(shop, 'node_modules/@pantheon/kit'))
    assert.equal(kitInstalled.version, kitN)
    assert.deepEqual(await installedTypeScripts(shop), [
      'node_modules/tsgo/package.json',
      'node_modules/typescript/package.json',
    ])
    await inApp(shop, node, ['ace', 'add-module', 'Orders'])

    // The app's tests pass on kit N. Their first run writes the baseline OpenAPI documents
    // (docs/openapi/, kept in git): from then on the tests compare with it and rewrite it only when
    // a document changes, so an upgrade that changed the API would show in the hashes below.
    const testsOnN = await timed('app tests on kit N', () =>
      inApp(shop, node, ['ace', 'test', '--reporters=dot'], { NODE_ENV: 'test' })
    )
    assert.match(testsOnN.stdout, /Tests\s+\d+ passed \(\d+\)/)

    const before = await hashAppFiles(shop)
    assert.includeMembers(Object.keys(before), [
      'start/routes.ts',
      'start/kernel.ts',
      'modules/orders/infrastructure/orders_module.ts',
      'docs/openapi/orders-v1.json',
      `vendor/${basename(vendored)}`,
    ])
    const manifestBefore = await manifest(shop)

    // Version N does not have the fix: a problem answer carries no cache directive.
    const old = await timed('server on kit N', () => probe(shop))
    assert.deepEqual(old.sample, { status: 200, body: '"Orders module is running"' })
    assert.equal(old.missing.status, 404)
    assert.equal(old.missing.contentType, 'application/problem+json; charset=utf-8')
    assert.notMatch(old.missing.cacheControl ?? '', /no-store/)
    assert.include(old.missing.body, {
      status: 404,
      code: 'Route.NotFound',
      instance: '/api/orders/nope',
    })

    // Kit N+1: the N tarball unpacked, the compiled fix applied, the patch version bumped, packed.
    const release = await timed('release N+1', () =>
      releasePatch(vendored, join(workspace, 'release'), FIX)
    )
    assert.equal(release.version, kitNext)
    assert.equal(basename(release.tarball), `pantheon-kit-${kitNext}.tgz`)
    assert.deepEqual(
      await tarballFiles(release.tarball),
      await tarballFiles(vendored),
      'N+1 ships the same files as N'
    )

    // The upgrade: one npm install of the new package; no generator runs, no file is rewritten.
    await timed('npm install N+1', () =>
      npm(shop, ['install', release.tarball, '--prefer-offline', '--no-audit', '--no-fund'])
    )
    assert.deepEqual(await hashAppFiles(shop), before, 'the upgrade changed none of the app files')
    const manifestAfter = await manifest(shop)
    assert.equal(
      manifestAfter.dependencies['@pantheon/kit'],
      `file:${relative(shop, release.tarball)}`
    )
    assert.deepEqual(
      { ...manifestAfter, dependencies: { ...manifestAfter.dependencies, '@pantheon/kit': '' } },
      { ...manifestBefore, dependencies: { ...manifestBefore.dependencies, '@pantheon/kit': '' } },
      'only the kit dependency changed in package.json'
    )
    const installed = join(shop, 'node_modules/@pantheon/kit')
    const kitUpgraded = await manifest(installed)
    assert.equal(kitUpgraded.version, kitNext)
    assert.include(await readFile(join(installed, FIX.file), 'utf8'), "'cache-control', 'no-store'")

    // The app's own tests pass on N+1, untouched.
    const tests = await timed('app tests on kit N+1', () =>
      inApp(shop, node, ['ace', 'test', '--reporters=dot'], { NODE_ENV: 'test' })
    )
    assert.match(tests.stdout, /Tests\s+\d+ passed \(\d+\)/)
    assert.notMatch(tests.stdout, /failed/)

    // The running app shows the fix over HTTP, and answers as before otherwise.
    const fixed = await timed('server on kit N+1', () => probe(shop))
    assert.deepEqual(fixed.sample, old.sample)
    assert.equal(fixed.missing.status, 404)
    assert.equal(fixed.missing.contentType, old.missing.contentType)
    assert.equal(fixed.missing.cacheControl, 'no-store')
    assert.include(fixed.missing.body, {
      status: 404,
      code: 'Route.NotFound',
      instance: '/api/orders/nope',
    })

    assert.deepEqual(
      await hashAppFiles(shop),
      before,
      'running the upgraded app changed none of its files'
    )
    console.log(`kit ${kitN} → ${kitNext} upgrade timings: ${timings.join(', ')}`)
  }).timeout(600_000)
})
