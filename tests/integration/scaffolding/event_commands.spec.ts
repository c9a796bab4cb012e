import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { checkPayload, type IntegrationEventContract } from '@pantheon/kit/integration'
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

  test('add-event writes the contract with its typed payload and its schema', async ({
    assert,
  }) => {
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
      "defineIntegrationEvent<InvoiceIssuedPayload>(\n  'event_source.invoice_issued',\n  1,\n  vine.create({"
    )
    assert.include(contract, 'issuedOn: string')
    assert.include(contract, 'note?: string')
    assert.include(contract, 'issuedOn: vine.string().use(dateText()),')
    assert.include(contract, 'note: vine.string().optional(),')
    assert.include(
      contract,
      "import { defineIntegrationEvent, maxDecimalPlaces, dateText } from '@pantheon/kit/integration'"
    )
  })

  test("the contract's schema takes a sound payload and refuses {label}")
    .with([
      { label: 'a decimal past its scale', change: { total: 1.005 } },
      { label: 'a day that does not exist', change: { issuedOn: '2026-02-30' } },
      { label: 'a string longer than its column', change: { reference: 'x'.repeat(13) } },
      { label: 'a blank string', change: { reference: '   ' } },
      { label: 'an id that is not a UUID', change: { id: '42' } },
      { label: 'a missing property', change: { total: undefined } },
    ])
    .run(async ({ assert }, { change }) => {
      await shop.run(AddEvent, [
        'InvoiceIssued',
        '--module',
        PUBLISHER,
        '--properties',
        'Id:uuid,Total:decimal(8,2),IssuedOn:date,Reference:string(12),Note:text?',
      ])
      const file = pathToFileURL(path('event_source', 'integration/invoice_issued.ts')).href
      const { invoiceIssuedEvent: contract } = (await import(file)) as {
        invoiceIssuedEvent: IntegrationEventContract<unknown>
      }
      const sound = { id: randomUUID(), total: 12.5, issuedOn: '2026-01-15', reference: 'INV-1' }
      assert.deepEqual(await checkPayload(contract, sound), { valid: true, payload: sound })
      const changed = await checkPayload(contract, { ...sound, ...change })
      assert.isFalse(changed.valid)
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
    const consumerTest = await readFile(
      path('event_sink', 'tests/unit/invoice_issued_consumer.spec.ts'),
      'utf8'
    )
    // Its test event is of the contract's type and version, not a copy of them.
    assert.include(consumerTest, 'type: invoiceIssuedEvent.type,')
    assert.include(consumerTest, 'version: invoiceIssuedEvent.version,')
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
