import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HouseConfig } from '#kit/scaffolding/house_config'

test.group('Telling the house config without prettier', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-house-config-'))
    return () => rm(root, { recursive: true, force: true })
  })

  const namingThePreset = () =>
    writeFile(join(root, 'package.json'), '{ "prettier": "@adonisjs/prettier-config" }\n')

  test('an app whose package.json names the preset formats with it, wherever the file is', async ({
    assert,
  }) => {
    await namingThePreset()
    await mkdir(join(root, 'modules/catalog/api'), { recursive: true })
    // A root given with a trailing separator, as an app's makePath() gives it.
    const house = new HouseConfig(`${root}/`, { resolve: true })
    assert.isTrue(await house.applies(join(root, 'modules/catalog/api/a.ts')))
    assert.isTrue(await house.applies(join(root, 'modules/orders/new/folder/b.ts')))
    assert.isTrue(await house.applies(join(root, 'c.ts')))
  })

  test('a config file between the file and the app, or none named, leaves it to prettier', async ({
    assert,
  }) => {
    await namingThePreset()
    for (const config of [
      '.prettierrc',
      '.prettierrc.json',
      'prettier.config.mjs',
      'package.json',
    ]) {
      const folder = join(root, 'modules', config)
      await mkdir(folder, { recursive: true })
      await writeFile(join(folder, config), '{}\n')
      assert.isFalse(await new HouseConfig(root, { resolve: true }).applies(join(folder, 'a.ts')))
    }
    assert.isFalse(await new HouseConfig(root, { resolve: true }).applies('/elsewhere/a.ts'))

    await writeFile(join(root, 'package.json'), '{ "prettier": { "semi": true } }\n')
    assert.isFalse(await new HouseConfig(root, { resolve: true }).applies(join(root, 'a.ts')))
    await writeFile(join(root, 'package.json'), '{}\n')
    assert.isFalse(await new HouseConfig(root, { resolve: true }).applies(join(root, 'a.ts')))
  })

  test('an app not written yet (init) formats with the preset', async ({ assert }) => {
    const house = new HouseConfig(join(root, 'NewApp'), { resolve: false })
    assert.isTrue(await house.applies(join(root, 'NewApp/modules/a.ts')))
  })
})
