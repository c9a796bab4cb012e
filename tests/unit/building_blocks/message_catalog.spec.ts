import { test } from '@japa/runner'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { MODULE_INDEX_SECTIONS, readMessageCatalog, type ModuleIndex } from '@pantheon/kit/modules'
import { indexedFiles } from '#kit/scaffolding/module_index_source'

/**
 * What the generated index of a fixture module holds: each file the generator lists, imported
 * (the namespace for command and query files, the default export otherwise).
 */
async function indexOf(name: string): Promise<ModuleIndex> {
  const root = fileURLToPath(new URL(`./fixtures/message_catalog/${name}`, import.meta.url))
  const index: ModuleIndex = {
    messages: {},
    handlers: {},
    validators: {},
    domainEventHandlers: {},
    consumers: {},
    endpoints: {},
  }
  for (const file of indexedFiles(root)) {
    const namespace = await import(pathToFileURL(join(root, file)).href)
    for (const [section, pattern] of Object.entries(MODULE_INDEX_SECTIONS)) {
      if (!pattern.test(file)) continue
      const entries = index[section as keyof ModuleIndex] as Record<string, unknown>
      entries[file] = section === 'messages' ? namespace : namespace.default
    }
  }
  return index
}

test.group('Module message catalog', () => {
  test('reads commands, their handlers and validators from the module index', async ({
    assert,
  }) => {
    const catalog = readMessageCatalog(await indexOf('complete'))

    assert.deepEqual(
      catalog.commands.map((c) => c.name),
      ['PingCommand']
    )
    const [command] = catalog.commands
    assert.equal(catalog.handlers.get(command)?.name, 'PingHandler')
    assert.isDefined(catalog.validators.get(command))
  })

  test('stops the boot when a command has no handler', async ({ assert }) => {
    const index = await indexOf('missing_handler')
    assert.throws(
      () => readMessageCatalog(index),
      'PingCommand has no handler: add a *_handler.ts with "static handles"'
    )
  })

  test('stops the boot when a command has no validator', async ({ assert }) => {
    const index = await indexOf('missing_validator')
    assert.throws(
      () => readMessageCatalog(index),
      'PingCommand has no validator: add a *_validator.ts beside it'
    )
  })

  test('stops the boot when a message has two handlers', async ({ assert }) => {
    const index = await indexOf('duplicate_handler')
    assert.throws(
      () => readMessageCatalog(index),
      'PingCommand has two handlers (PingHandler, SecondPingHandler): keep one'
    )
  })

  test('stops the boot when a command has two validators', async ({ assert }) => {
    const index = await indexOf('complete')
    const [validator] = Object.values(index.validators)
    index.validators['application/ping/second_ping_validator.ts'] = validator
    assert.throws(
      () => readMessageCatalog(index),
      'PingCommand has two validators (the second in application/ping/second_ping_validator.ts): keep one'
    )
  })

  test('names the file of a handler that handles nothing', async ({ assert }) => {
    const index = await indexOf('complete')
    index.handlers['application/ping/stray_handler.ts'] = class StrayHandler {}
    assert.throws(
      () => readMessageCatalog(index),
      'application/ping/stray_handler.ts: the handler class needs "static handles = <Command or Query class>"'
    )
  })
})
