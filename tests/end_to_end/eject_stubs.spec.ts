import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import { copyOfInitializedApp } from '#tests/common/initialized_app'

const run = promisify(execFile)
const HANDLER = 'modules/orders/application/queries/get_orders_sample/get_orders_sample_handler.ts'

test.group('Stubs of an app made by init', (group) => {
  let workspace: string
  group.each.setup(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'pantheon-eject-'))
    return () => rm(workspace, { recursive: true, force: true })
  })

  test('come from the kit until the app ejects its own copy, which then wins', async ({
    assert,
  }) => {
    const node = process.execPath
    const shop = await copyOfInitializedApp(workspace)
    const inShop = (...args: string[]) =>
      run(node, ['ace', ...args], { cwd: shop, timeout: 120_000 })

    await inShop('add-module', 'Orders')
    const fromKit = await readFile(join(shop, HANDLER), 'utf8')
    await rm(join(shop, 'modules'), { recursive: true })

    await inShop('pantheon:eject', 'module/sample_handler.stub')
    const ejected = join(shop, 'stubs/pantheon/module/sample_handler.stub')
    assert.equal(
      await readFile(ejected, 'utf8'),
      await readFile(app.makePath('stubs/pantheon/module/sample_handler.stub'), 'utf8')
    )
    assert.isFalse(
      existsSync(join(shop, 'stubs/pantheon/module/registration.stub')),
      'only the named stub'
    )
    await appendFile(ejected, '// Reviewed by the Shop team\n')

    await inShop('add-module', 'Orders')
    assert.equal(
      await readFile(join(shop, HANDLER), 'utf8'),
      `${fromKit}// Reviewed by the Shop team\n`
    )

    const unknown = await inShop('pantheon:eject', 'modul').catch((error) => error)
    assert.equal(unknown.code, 1)
    assert.include(`${unknown.stdout}${unknown.stderr}`, 'The kit has no stub "modul"')
  }).timeout(180_000)
})
