import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { moduleMigrationFolders, moduleRegistrationFiles } from '@pantheon/kit/modules'

async function addModule(root: string, name: string) {
  await mkdir(join(root, 'modules', name, 'infrastructure', 'database', 'migrations'), {
    recursive: true,
  })
  await writeFile(join(root, 'modules', name, 'infrastructure', `${name}_module.ts`), '')
}

test.group('Module discovery', (group) => {
  let root: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'pantheon-discovery-'))
    return () => rm(root, { recursive: true, force: true })
  })

  test('finds every module folder, and forgets a deleted one', async ({ assert }) => {
    await addModule(root, 'catalog')
    await addModule(root, 'orders')
    assert.deepEqual(moduleRegistrationFiles(root), [
      'modules/catalog/infrastructure/catalog_module.ts',
      'modules/orders/infrastructure/orders_module.ts',
    ])
    assert.deepEqual(moduleMigrationFolders(root), [
      'modules/catalog/infrastructure/database/migrations',
      'modules/orders/infrastructure/database/migrations',
    ])

    await rm(join(root, 'modules', 'orders'), { recursive: true })

    assert.deepEqual(moduleRegistrationFiles(root), [
      'modules/catalog/infrastructure/catalog_module.ts',
    ])
  })

  test('finds compiled registration classes in a build, never declaration files', async ({
    assert,
  }) => {
    await mkdir(join(root, 'modules', 'catalog', 'infrastructure'), { recursive: true })
    await writeFile(join(root, 'modules', 'catalog', 'infrastructure', 'catalog_module.js'), '')
    await writeFile(join(root, 'modules', 'catalog', 'infrastructure', 'catalog_module.d.ts'), '')
    assert.deepEqual(moduleRegistrationFiles(root), [
      'modules/catalog/infrastructure/catalog_module.js',
    ])
  })
})
