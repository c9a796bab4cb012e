import { test } from '@japa/runner'
import { inventoryReader } from '#kit/scaffolding/module_inventory_reader'

const REGISTRATION = `
import { PantheonModule } from '@pantheon/kit/modules'
import { billingApiVersions as versions } from './billing_api_versions.js'
import { invoiceIssuedEvent as issued, invoicePaidEvent } from "../integration/invoices.js"

// publishes = [notThisOne]
export default class BillingModule extends PantheonModule {
  readonly name = 'billing'
  readonly apiVersions = versions
  readonly publishes = [
    issued,
    invoicePaidEvent,
  ] as const
}
`

test.group('Inventory reader', () => {
  test("reads a registration class's publishes and apiVersions, and where each comes from", async ({
    assert,
  }) => {
    const reader = await inventoryReader()
    assert.deepEqual(reader.classReferences(REGISTRATION, 'billing_module.ts', 'publishes'), [
      'issued',
      'invoicePaidEvent',
    ])
    assert.deepEqual(reader.classReferences(REGISTRATION, 'billing_module.ts', 'apiVersions'), [
      'versions',
    ])
    assert.isUndefined(reader.classReferences(REGISTRATION, 'billing_module.ts', 'consumes'))
    const imports = reader.imports(REGISTRATION, 'billing_module.ts')
    assert.deepEqual(imports.get('issued'), {
      from: '../integration/invoices.js',
      name: 'invoiceIssuedEvent',
    })
    assert.deepEqual(imports.get('versions'), {
      from: './billing_api_versions.js',
      name: 'billingApiVersions',
    })
  })

  test('reads the API versions a module declares, wrapped over lines or not', async ({
    assert,
  }) => {
    const reader = await inventoryReader()
    const source = `export const v = defineApiVersions({
      versions: [
        "1.0",
        '2.0',
      ],
      defaultVersion: '2.0',
    })`
    assert.deepEqual(reader.apiVersions(source, 'v.ts'), {
      versions: ['1.0', '2.0'],
      defaultVersion: '2.0',
    })
    assert.isUndefined(reader.apiVersions('export const v = 1', 'v.ts'))
  })

  test('reads the contracts a file exports, and no other call', async ({ assert }) => {
    const reader = await inventoryReader()
    const source = `
      export const invoiceIssuedEvent = defineIntegrationEvent<P>(
        'billing.invoice_issued',
        2,
        vine.create({})
      )
      const notExported = defineIntegrationEvent('billing.hidden', 1, schema)
      export const other = somethingElse('billing.other', 1)
    `
    assert.deepEqual(reader.contracts(source, 'invoices.ts'), [
      { exportName: 'invoiceIssuedEvent', type: 'billing.invoice_issued', version: 2 },
    ])
  })
})
