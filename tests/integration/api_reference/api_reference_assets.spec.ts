import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The suite's own server (bin/test.ts sets HOST and PORT). */
const ORIGIN = `http://${process.env.HOST}:${process.env.PORT}`
const PACKAGE = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

async function installedVersion(): Promise<string> {
  return JSON.parse(await readFile(join(PACKAGE, 'package.json'), 'utf8')).version
}

/** The page's own files: every src and href that is not a raw document link. */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+\/assets\/[^"]+)"/g)].map((match) => match[1])
}

test.group('API reference page and its files', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('the page names only files of this host, and a policy that keeps it so', async ({
    assert,
  }) => {
    const response = await fetch(`${ORIGIN}/docs`)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8')
    assert.equal(response.headers.get('cache-control'), 'no-cache')
    const policy = response.headers.get('content-security-policy') ?? ''
    assert.include(policy, "default-src 'none'")
    assert.include(policy, "connect-src 'self'")

    const html = await response.text()
    assert.notMatch(html, /https?:\/\//, 'an absolute URL would leave the host')
    const version = await installedVersion()
    assert.sameMembers(assetUrls(html), [
      `/docs/assets/${version}/swagger-ui.css`,
      `/docs/assets/${version}/favicon-32x32.png`,
      `/docs/assets/${version}/favicon-16x16.png`,
      `/docs/assets/${version}/swagger-ui-bundle.js`,
      `/docs/assets/${version}/swagger-ui-standalone-preset.js`,
    ])
  })

  test('serves each file of the installed swagger-ui-dist with its type, cached for good', async ({
    assert,
  }) => {
    const version = await installedVersion()
    const types: Record<string, string> = {
      'swagger-ui.css': 'text/css; charset=utf-8',
      'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
      'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
      'favicon-32x32.png': 'image/png',
    }
    for (const [file, type] of Object.entries(types)) {
      const url = `${ORIGIN}/docs/assets/${version}/${file}`
      const response = await fetch(url)
      assert.equal(response.status, 200, file)
      assert.equal(response.headers.get('content-type'), type, file)
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable')
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
      assert.isTrue(
        Buffer.from(await response.arrayBuffer()).equals(await readFile(join(PACKAGE, file))),
        `${file} is the package's file`
      )
      // As a browser revalidates (fetch would add "no-cache" to a conditional request).
      const again = await fetch(url, {
        headers: {
          'if-none-match': response.headers.get('etag') ?? '',
          'cache-control': 'max-age=0',
        },
      })
      assert.equal(again.status, 304, `${file} revalidates`)
    }
  })

  test('serves no other file of the package, nor another version', async ({ assert }) => {
    const version = await installedVersion()
    for (const path of [
      `/docs/assets/${version}/package.json`,
      `/docs/assets/${version}/index.html`,
      `/docs/assets/${version}/..%2Fpackage.json`,
      `/docs/assets/${version}/swagger-ui-bundle.js.map`,
      `/docs/assets/0.0.1/swagger-ui-bundle.js`,
    ]) {
      const response = await fetch(`${ORIGIN}${path}`)
      assert.equal(response.status, 404, path)
      await response.body?.cancel()
    }
  })
})
