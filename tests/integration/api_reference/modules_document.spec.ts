import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { readModuleInventory } from '#kit/scaffolding/module_inventory'
import { MODULES_DOCUMENT_PATH, renderModulesDocument } from '#kit/scaffolding/modules_document'

test.group('docs/modules.md of the reference app', () => {
  test('describes Catalog and Orders as they are', async ({ assert }) => {
    const expected = renderModulesDocument(await readModuleInventory(app.makePath()))
    const committed = await readFile(app.makePath(MODULES_DOCUMENT_PATH), 'utf8')
    assert.isTrue(
      committed === expected,
      `${MODULES_DOCUMENT_PATH} is stale: run node ace docs:modules (and commit it)`
    )
  })
})
