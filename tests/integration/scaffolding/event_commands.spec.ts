import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import AddConsumer from '#commands/add_consumer'
import AddEvent from '#commands/add_event'
import AddModule from '#commands/add_module'
import { failingWriter, scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/** The app made by `init` in a temp folder that the running test scaffolds in. */
let shop: ScaffoldingApp

const PUBLISHER = 'EventSource'
const CONSUMER = 'EventSink'
const path = (folder: string, file: string) => shop.path('modules', folder, file)

test.group('add-event and add-consumer', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  group.each.setup(async () => {
    shop = await scaffoldingApp()
    await shop.run(AddModule, [PUBLISHER])
    await shop.run(AddModule, [CONSUMER])
    return () => shop.remove()
  })

  test('add-event writes the contract with its typed payload', async ({ assert }) => {
    const { exitCode } = await shop.run(AddEvent, [
      'InvoiceIssued',
      '--module',
      PUBLISHER,
      '--properties',
      'InvoiceId:uuid,Total:decimal,IssuedOn:date,Note:text?',
    ])
    assert.equal(exitCode, 0)
    const contract = await readFile(path('event_source', 'integration/invoice_issued.ts'), 'utf8')
    // Wrapped by prettier, as the app's own format would.
    assert.include(
      contract,
      "defineIntegrationEvent<InvoiceIssuedPayload>(\n  'event_source.invoice_issued',\n  1\n)"
    )
    assert.include(contract, 'issuedOn: string')
    assert.include(contract, 'note?: string')
  })

  test('add-consumer finds the publisher and writes a consumer that refuses until written', async ({
    assert,
  }) => {
    await shop.run(AddEvent, [
      'InvoiceIssued',
      '--module',
      PUBLISHER,
      '--properties',
      'InvoiceId:uuid',
    ])
    const { exitCode } = await shop.run(AddConsumer, ['InvoiceIssued', '--module', CONSUMER])
    assert.equal(exitCode, 0)
    const consumer = await readFile(
      path('event_sink', 'infrastructure/consumers/invoice_issued_consumer.ts'),
      'utf8'
    )
    assert.include(consumer, "from '#modules/event_source/integration/invoice_issued'")
    assert.include(consumer, 'static readonly consumes = invoiceIssuedEvent')
    assert.include(consumer, 'is not implemented yet')
    assert.isTrue(existsSync(path('event_sink', 'tests/unit/invoice_issued_consumer.spec.ts')))
  })

  test('rejects {label}')
    .with([
      {
        label: 'an event nobody publishes',
        command: AddConsumer,
        argv: ['Nothing', '--module', CONSUMER],
        message: 'No module publishes Nothing',
      },
      {
        label: 'a publisher without that event',
        command: AddConsumer,
        argv: ['Nothing', '--module', CONSUMER, '--from', PUBLISHER],
        message: 'publishes no Nothing',
      },
      {
        label: 'an event property of an unknown type',
        command: AddEvent,
        argv: ['InvoiceIssued', '--module', PUBLISHER, '--properties', 'Total:money'],
        message: 'is not a property type',
      },
      {
        label: 'an event name that is not PascalCase',
        command: AddEvent,
        argv: ['invoice_issued', '--module', PUBLISHER, '--properties', 'Total:int'],
        message: 'must be PascalCase',
      },
    ])
    .run(async ({ assert }, { command, argv, message }) => {
      const { exitCode, output } = await shop.run(command, argv)
      assert.equal(exitCode, 1)
      assert.include(output, message)
    })

  test('a module does not consume its own events', async ({ assert }) => {
    await shop.run(AddEvent, [
      'InvoiceIssued',
      '--module',
      PUBLISHER,
      '--properties',
      'InvoiceId:uuid',
    ])
    const { exitCode, output } = await shop.run(AddConsumer, [
      'InvoiceIssued',
      '--module',
      PUBLISHER,
    ])
    assert.equal(exitCode, 1)
    assert.include(output, 'Only the EventSource module itself publishes InvoiceIssued')
  })

  test('--dry-run writes nothing and a failed write leaves nothing', async ({ assert }) => {
    const argv = ['InvoiceIssued', '--module', PUBLISHER, '--properties', 'InvoiceId:uuid']
    const dry = await shop.run(AddEvent, [...argv, '--dry-run'])
    assert.equal(dry.exitCode, 0)
    const failed = await shop.run(AddEvent, argv, { writer: failingWriter(1) })
    assert.equal(failed.exitCode, 1)
    assert.isFalse(existsSync(path('event_source', 'integration/invoice_issued.ts')))
  })
})
