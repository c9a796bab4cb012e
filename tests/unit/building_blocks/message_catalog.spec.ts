import { test } from '@japa/runner'
import { fileURLToPath } from 'node:url'
import { readMessageCatalog } from '@pantheon/kit/modules'

/** Each fixture folder stands for a module root with an application/ layer. */
function fixture(name: string) {
  return fileURLToPath(new URL(`./fixtures/message_catalog/${name}`, import.meta.url))
}

test.group('Module message discovery', () => {
  test('finds commands, their handlers and validators by file name', async ({ assert }) => {
    const catalog = await readMessageCatalog(fixture('complete'))

    assert.deepEqual(
      catalog.commands.map((c) => c.name),
      ['PingCommand']
    )
    const [command] = catalog.commands
    assert.equal(catalog.handlers.get(command)?.name, 'PingHandler')
    assert.isDefined(catalog.validators.get(command))
  })

  test('stops the boot when a command has no handler', async ({ assert }) => {
    await assert.rejects(
      () => readMessageCatalog(fixture('missing_handler')),
      'PingCommand has no handler: add a *_handler.ts with "static handles"'
    )
  })

  test('stops the boot when a command has no validator', async ({ assert }) => {
    await assert.rejects(
      () => readMessageCatalog(fixture('missing_validator')),
      'PingCommand has no validator: add a *_validator.ts beside it'
    )
  })

  test('stops the boot when a message has two handlers', async ({ assert }) => {
    await assert.rejects(
      () => readMessageCatalog(fixture('duplicate_handler')),
      'PingCommand has two handlers (PingHandler, SecondPingHandler): keep one'
    )
  })
})
