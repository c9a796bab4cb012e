import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import type { IntegrationEventContract } from '@pantheon/kit/integration'
import AddConsumer from '#commands/add_consumer'
import AddEvent from '#commands/add_event'
import AddModule from '#commands/add_module'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/** The app made by `init` in a temp folder that the running test scaffolds in. */
let shop: ScaffoldingApp

const PUBLISHER = 'EventSource'
const CONSUMER = 'EventSink'
const path = (file: string) => shop.path('modules', 'event_source', file)
const addEvent = (...argv: string[]) =>
  shop.run(AddEvent, ['InvoiceIssued', '--module', PUBLISHER, ...argv])

async function exitCodeOf(...argv: string[]) {
  const { exitCode } = await addEvent(...argv)
  return exitCode
}

test.group('add-event --version', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [PUBLISHER])
    await shop.run(AddModule, [CONSUMER])
    return () => shop.remove()
  })

  test("version 1 is added to the module's publishes, once however often it runs", async ({
    assert,
  }) => {
    assert.equal(await exitCodeOf('--properties', 'InvoiceId:uuid'), 0)
    assert.equal(await exitCodeOf('--properties', 'InvoiceId:uuid', '--force'), 0)
    const registration = await readFile(path('infrastructure/event_source_module.ts'), 'utf8')
    assert.include(registration, 'readonly publishes = [invoiceIssuedEvent]')
    assert.include(
      registration,
      "import { invoiceIssuedEvent } from '../integration/invoice_issued.js'"
    )
  })

  test('version 2 is a contract of its own beside version 1, and both are published', async ({
    assert,
  }) => {
    await addEvent('--properties', 'InvoiceId:uuid,Total:decimal')
    const { exitCode, output } = await addEvent(
      '--version',
      '2',
      '--properties',
      'InvoiceId:uuid,Total:decimal,Currency:string(3)'
    )
    assert.equal(exitCode, 0, output)
    const contract = await readFile(path('integration/invoice_issued_v2.ts'), 'utf8')
    assert.include(
      contract,
      "defineIntegrationEvent<InvoiceIssuedV2Payload>(\n  'event_source.invoice_issued',\n  2,"
    )
    assert.include(contract, '(version 2)')
    const registration = await readFile(path('infrastructure/event_source_module.ts'), 'utf8')
    assert.include(registration, 'readonly publishes = [invoiceIssuedEvent, invoiceIssuedV2Event]')
    // Version 1 is untouched: its consumers keep reading it during the migration window.
    assert.include(await readFile(path('integration/invoice_issued.ts'), 'utf8'), '  1,\n')
    assert.include(output, 'static upcasters = [upcast(invoiceIssuedEvent, invoiceIssuedV2Event')

    const loaded = (await import(pathToFileURL(path('integration/invoice_issued_v2.ts')).href)) as {
      invoiceIssuedV2Event: IntegrationEventContract<unknown>
    }
    assert.equal(loaded.invoiceIssuedV2Event.type, 'event_source.invoice_issued')
    assert.equal(loaded.invoiceIssuedV2Event.version, 2)
  })

  test('refuses {label}')
    .with([
      {
        label: 'version 2 of an event with no version 1',
        before: [],
        argv: ['--version', '2', '--properties', 'InvoiceId:uuid'],
        message: 'InvoiceIssued has no version 1 in the EventSource module',
        hint: 'Create version 1 first: node ace add-event InvoiceIssued --module EventSource',
      },
      {
        label: 'a version 2 that exists',
        before: [
          ['--properties', 'InvoiceId:uuid'],
          ['--version', '2', '--properties', 'InvoiceId:uuid'],
        ],
        argv: ['--version', '2', '--properties', 'InvoiceId:uuid'],
        message:
          'already has version 2 in the EventSource module (integration/invoice_issued_v2.ts)',
        hint: 'Use --force to overwrite it, or add version 3',
      },
      {
        label: 'version 3 before version 2',
        before: [['--properties', 'InvoiceId:uuid']],
        argv: ['--version', '3', '--properties', 'InvoiceId:uuid'],
        message: 'InvoiceIssued has no version 2',
        hint: 'node ace add-event InvoiceIssued --module EventSource --version 2',
      },
      {
        label: 'a version that is not a whole number of at least 1',
        before: [],
        argv: ['--version', '0', '--properties', 'InvoiceId:uuid'],
        message: '--version must be a whole number of at least 1, not 0',
        hint: '--version 2',
      },
    ])
    .run(async ({ assert }, { before, argv, message, hint }) => {
      for (const earlier of before) assert.equal(await exitCodeOf(...earlier), 0)
      const { exitCode, output } = await addEvent(...argv)
      assert.equal(exitCode, 1)
      assert.include(output, message)
      assert.include(output, hint)
      if (before.length === 0) assert.isFalse(existsSync(path('integration/invoice_issued_v2.ts')))
    })

  test('add-consumer --version 2 --upcast-from 1 consumes v2 and upcasts v1, under one name', async ({
    assert,
  }) => {
    await addEvent('--properties', 'InvoiceId:uuid')
    await addEvent('--version', '2', '--properties', 'InvoiceId:uuid,Currency:string(3)')
    const { exitCode, output } = await shop.run(AddConsumer, [
      'InvoiceIssued',
      '--module',
      CONSUMER,
      '--version',
      '2',
      '--upcast-from',
      '1',
    ])
    assert.equal(exitCode, 0, output)
    const consumer = await readFile(
      shop.path('modules', 'event_sink', 'infrastructure/consumers/invoice_issued_consumer.ts'),
      'utf8'
    )
    assert.include(consumer, 'export default class InvoiceIssuedConsumer')
    assert.include(consumer, 'static readonly consumes = invoiceIssuedV2Event')
    assert.include(consumer, "from '#modules/event_source/integration/invoice_issued_v2'")
    assert.include(consumer, 'upcast(\n      invoiceIssuedEvent,\n      invoiceIssuedV2Event,')
    assert.include(consumer, '(_older: InvoiceIssuedPayload): InvoiceIssuedV2Payload =>')
    assert.include(consumer, 'from version 1 is not implemented yet')
    assert.include(output, 'Write its upcaster')
  })

  test('add-consumer refuses {label}')
    .with([
      {
        label: 'an upcast from a version not older than the one consumed',
        argv: ['--version', '2', '--upcast-from', '2'],
        message:
          '--upcast-from names an older version than the one consumed: 2 is not older than 2',
      },
      {
        label: 'a version the publisher does not publish',
        argv: ['--version', '3'],
        message: 'No module publishes InvoiceIssued',
      },
      {
        label: 'a read model of a later version',
        argv: ['--version', '2', '--read-model'],
        message: '--read-model keeps a copy of version 1 of an event',
      },
    ])
    .run(async ({ assert }, { argv, message }) => {
      await addEvent('--properties', 'InvoiceId:uuid')
      await addEvent('--version', '2', '--properties', 'InvoiceId:uuid,Currency:string(3)')
      const { exitCode, output } = await shop.run(AddConsumer, [
        'InvoiceIssued',
        '--module',
        CONSUMER,
        ...argv,
      ])
      assert.equal(exitCode, 1)
      assert.include(output, message)
    })
})
