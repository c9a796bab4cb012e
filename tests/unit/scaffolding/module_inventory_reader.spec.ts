import { test } from '@japa/runner'
import { corpusAnswers } from '#tests/common/source_corpus'
import {
  inventoryReader,
  type InventoryParser,
  type InventoryQuestions,
} from '#kit/scaffolding/module_inventory_reader'

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

// Both readers answer every question alike (see module_inventory_reader.ts).
for (const parser of ['prettier', 'ts-morph'] as InventoryParser[]) {
  test.group(`Inventory reader (${parser})`, (group) => {
    group.tap((t) => t.tags(['@any-database']))
    test("reads a registration class's publishes and apiVersions, and where each comes from", async ({
      assert,
    }) => {
      const reader = await inventoryReader({ parser })
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
      const reader = await inventoryReader({ parser })
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
      const reader = await inventoryReader({ parser })
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
}

/** Every answer a reader gives about one file. */
function answers(reader: InventoryQuestions, source: string, fileName: string) {
  return {
    imports: [...reader.imports(source, fileName)],
    specifiers: reader.specifiers(source, fileName),
    references: ['publishes', 'consumes', 'apiVersions', 'handles'].map((property) =>
      reader.classReferences(source, fileName, property)
    ),
    apiVersions: reader.apiVersions(source, fileName),
    contracts: reader.contracts(source, fileName),
    entityClasses: reader.entityClasses(source, fileName),
  }
}

/** ts-morph's answers for every file of the corpus, read once for both parsers' groups. */
const tsMorphAnswers = () =>
  corpusAnswers('inventory', async () => {
    const tsMorph = await inventoryReader({ parser: 'ts-morph' })
    return (source: string, fileName: string) => answers(tsMorph, source, fileName)
  })

// The ESTree readers on each parser that builds their tree, held to ts-morph's answers.
for (const parser of ['swc', 'prettier'] as const) {
  test.group(`Inventory reader: the two readers (${parser})`, (group) => {
    group.tap((t) => t.tags(['@any-database']))
    test(`${parser}’s parser and ts-morph answer alike for every source of the corpus`, async ({
      assert,
    }) => {
      const syntaxTree = await inventoryReader({ parser })
      const files = await tsMorphAnswers()
      assert.isAbove(files.length, 300)
      let read = { references: 0, apiVersions: 0, contracts: 0, entityClasses: 0 }
      for (const { path, source, fileName, expected } of files) {
        assert.deepEqual(answers(syntaxTree, source, fileName), expected, path)
        read = {
          references: read.references + (expected.references.some(Boolean) ? 1 : 0),
          apiVersions: read.apiVersions + (expected.apiVersions ? 1 : 0),
          contracts: read.contracts + (expected.contracts.length > 0 ? 1 : 0),
          entityClasses: read.entityClasses + (expected.entityClasses.length > 0 ? 1 : 0),
        }
      }
      // The corpus holds files of each kind the inventory reads, so each answer was compared.
      for (const [kind, count] of Object.entries(read)) assert.isAbove(count, 1, kind)
    })

    test('syntax the generators do not write reads alike', async ({ assert }) => {
      const syntaxTree = await inventoryReader({ parser })
      const tsMorph = await inventoryReader({ parser: 'ts-morph' })
      const sources = [
        `import { AggregateRoot as Root, Entity } from '@pantheon/kit/domain'
         import type { Money } from './money.js'
         export class Order extends Root<OrderId> {
           status: 'open' | 'closed' | null = 'open'
           readonly total?: Money
           private secret = 1
           #hidden = 2
           static count = 0
           constructor(public readonly id: OrderId, protected note: string, public tag?: string | undefined) {
             super()
           }
         }
         class Line extends Entity<LineId> { quantity: number }
         export { Line }
         export default class Draft extends Entity<DraftId> { readonly 'quoted': string }`,
        `const first = defineIntegrationEvent('a.first', 1, schema), second = 2
         export { first }
         export const third = defineIntegrationEvent(\`a.third\`, 3) satisfies Contract
         export const fourth = defineIntegrationEvent('a.fourth', 1.5)`,
        `export * from './a.js'
         export { b } from "./b.js"
         import './side_effect.js'
         import * as everything from './all.js'
         export const v = defineApiVersions({ versions: ['1.0', \`2.0\`], 'defaultVersion': '1.0' } as const)`,
        `class Registration { readonly publishes = [a, ...b] as const; static consumes = (c) }
         export default Registration`,
        `import { AggregateRoot } from '@pantheon/kit/domain'
         export abstract class Shape extends AggregateRoot<ShapeId> {
           abstract name: string
           label: (string | null) = null
           onChange: (() => void) | null = null
           kind: (Circle) | Square
           tags?: | 'a' | 'b'
         }`,
        `export const quoted = defineApiVersions({ 'versions': ['1.0'], defaultVersion: '1.0' })`,
        `export const broken = defineIntegrationEvent('a.broken', 1`,
      ]
      for (const [index, source] of sources.entries()) {
        const fileName = `source_${index}.ts`
        assert.deepEqual(
          answers(syntaxTree, source, fileName),
          answers(tsMorph, source, fileName),
          source
        )
      }
    })
  })
}
