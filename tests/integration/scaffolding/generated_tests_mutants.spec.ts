import { test } from '@japa/runner'
import { readFile, writeFile } from 'node:fs/promises'
import AddCrud from '#commands/add_crud'
import AddEntity from '#commands/add_entity'
import AddMigration from '#commands/add_migration'
import AddModule from '#commands/add_module'
import { generatedAppCommands } from '#tests/common/generated_app_commands'
import { scaffoldingApp, type ScaffoldingApp } from '#tests/common/scaffolding'

/*
 * The generated tests are worth what they catch. Each mutant below is a mistake a person could
 * make in a generated CRUD module (or a generator could write); the module's own starter tests
 * must fail on every one of them, and pass on the module as generated.
 */

/** The app's own tests, on a port of their own. */
const inApp = generatedAppCommands(117)

let shop: ScaffoldingApp

const path = (file: string) => shop.path('modules', 'sales', file)

/**
 * Whether the module's tests pass, with their output. Japa's entry point is started as
 * `node ace test --module sales` starts it (with the kit's TypeScript loader where the assembler
 * takes ts-exec, the same compiler), without ace before it: its start and the assembler's index
 * hooks are a quarter of each of the seventeen runs, and prove nothing here.
 */
async function moduleTests(...extra: string[]): Promise<{ passed: boolean; output: string }> {
  try {
    const { stdout } = await inApp(shop.root, process.execPath, [
      '--import=@pantheon/kit/typescript',
      'bin/test.ts',
      '--module',
      'sales',
      '--reporters=dot',
      ...extra,
    ])
    return { passed: true, output: stdout }
  } catch (error) {
    return { passed: false, output: String(error) }
  }
}

interface Mutant {
  mistake: string
  file: string
  from: RegExp
  to: string
}

/** The module's tests pass as generated, and fail on each mutant, applied one at a time. */
function mutantTests(mutants: Mutant[]) {
  test('they pass on the module as generated', async ({ assert }) => {
    const { passed, output } = await moduleTests()
    assert.isTrue(passed, output)
    assert.match(output, /Tests\s+\d+ passed/)
  }).timeout(60_000)

  test('they fail on {mistake}')
    .with(mutants)
    .run(async ({ assert, cleanup }, mutant) => {
      const file = path(mutant.file)
      const source = await readFile(file, 'utf8')
      assert.match(source, mutant.from, `${mutant.file} no longer holds what the mutant changes`)
      await writeFile(file, source.replace(mutant.from, mutant.to))
      cleanup(() => writeFile(file, source))
      // One failed test is the proof: the run stops there (Japa skips the tests after it).
      const { passed, output } = await moduleTests('--bail')
      assert.isFalse(passed, `the tests passed with ${mutant.mistake}:\n${output}`)
      // Failed by a test, not by a run that never started.
      assert.match(output, /Tests\s+.*\d+ failed/, output)
    })
    .timeout(60_000)
}

const MUTANTS: Mutant[] = [
  {
    mistake: 'an update handler that does not save',
    file: 'application/commands/update_customer/update_customer_handler.ts',
    from: /await this\.repository\.save\(customer\)/,
    to: 'true',
  },
  {
    mistake: 'a patch handler that drops a property it was sent',
    file: 'application/commands/patch_customer/patch_customer_handler.ts',
    from: /email: command\.email,/,
    to: 'email: undefined,',
  },
  {
    mistake: 'a query that returns another value',
    file: 'application/dtos/customer_dto.ts',
    from: /name: entity\.name,/,
    to: 'name: entity.name.toUpperCase(),',
  },
  {
    mistake: 'a create answering 200 instead of 201',
    file: 'api/create_customer_endpoint.ts',
    from: /this\.created\(ctx, id\)/,
    to: 'this.ok(ctx, id)',
  },
  {
    mistake: 'a validation rule dropped (a required field made optional)',
    file: 'application/commands/create_customer/create_customer_validator.ts',
    from: /(\n\s+name: vine[^\n]*?)(,\n)/,
    to: '$1.optional()$2',
  },
  {
    mistake: 'a list that ignores its filters',
    file: 'infrastructure/persistence/lucid_customer_repository.ts',
    from: /listPage\(client, CUSTOMERS_TABLE, criteria, LISTED_COLUMNS\)/,
    to: 'listPage(client, CUSTOMERS_TABLE, { ...criteria, filters: [] }, LISTED_COLUMNS)',
  },
  {
    mistake: 'a list that ignores its order',
    file: 'infrastructure/persistence/lucid_customer_repository.ts',
    from: /listPage\(client, CUSTOMERS_TABLE, criteria, LISTED_COLUMNS\)/,
    to: 'listPage(client, CUSTOMERS_TABLE, { ...criteria, sort: [] }, LISTED_COLUMNS)',
  },
  {
    mistake: 'a delete that removes nothing',
    file: 'application/commands/delete_customer/delete_customer_handler.ts',
    from: /await this\.repository\.remove\(existing\)/,
    to: 'true',
  },
  {
    mistake: 'an update that ignores a stale If-Match',
    file: 'application/commands/update_customer/update_customer_handler.ts',
    from: /storedForChange\('Customer', command,/,
    to: "storedForChange('Customer', { id: command.id },",
  },
  {
    mistake: 'a save that overwrites a change it never read',
    file: 'infrastructure/persistence/lucid_customer_repository.ts',
    from: /saveVersioned\(client, row, changes\)/,
    to: "client.from(CUSTOMERS_TABLE).where('id', id).update({ ...changes, version: version + 1 }).then(() => true)",
  },
]

test.group('The generated tests catch a broken CRUD module', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.setup(async () => {
    shop = await scaffoldingApp()
    await shop.runAll([
      [AddModule, ['Sales']],
      [
        AddEntity,
        [
          'Customer',
          '--module',
          'Sales',
          '--aggregate',
          '--properties',
          'Email:string(120):unique,Name:string,Score:int,Joined:date,Note:text?',
        ],
      ],
      [AddCrud, ['Customer', '--module', 'Sales']],
      [AddMigration, ['AddCustomers', '--module', 'Sales']],
    ])
    return () => shop.remove()
  })

  mutantTests(MUTANTS)
})

/** Mistakes in an aggregate with parts and a reference: its lines and its customer. */
const ORDER_MUTANTS: Mutant[] = [
  {
    mistake: 'a lost line item',
    file: 'infrastructure/persistence/lucid_order_repository.ts',
    from: /order\.lines\.map\(/,
    to: 'order.lines.slice(0, 1).map(',
  },
  {
    mistake: 'a save that keeps the old lines',
    file: 'infrastructure/persistence/lucid_order_repository.ts',
    from: /await replaceParts\(/,
    to: 'void (() => replaceParts)(',
  },
  {
    mistake: 'lines read back in another order',
    file: 'infrastructure/persistence/lucid_order_repository.ts',
    from: /\.map\(\(item\) => toOrderLine\(item\)\)/,
    to: '.map((item) => toOrderLine(item)).reverse()',
  },
  {
    mistake: 'an update handler that keeps the customer it was sent another of',
    file: 'application/commands/update_order/update_order_handler.ts',
    from: /customerId: command\.customerId,/,
    to: 'customerId: undefined,',
  },
  {
    mistake: 'a reference not checked (the foreign key answers 409, not 400 naming the field)',
    file: 'infrastructure/persistence/lucid_order_repository.ts',
    from: /await assertReferencesExist\(client, row, REFERENCES\)/,
    to: 'void REFERENCES',
  },
]

test.group('The generated tests catch a broken aggregate with parts and a reference', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  group.setup(async () => {
    shop = await scaffoldingApp()
    await shop.runAll([
      [AddModule, ['Sales']],
      [AddEntity, ['Customer', '--module', 'Sales', '--aggregate', '--properties', 'Name:string']],
      [
        AddEntity,
        [
          'Order',
          '--module',
          'Sales',
          '--aggregate',
          '--properties',
          'Number:string(20),Customer:references(Customer)',
        ],
      ],
      [
        AddEntity,
        [
          'OrderLine',
          '--module',
          'Sales',
          '--part-of',
          'Order',
          '--properties',
          'Sku:string(40),Quantity:int',
        ],
      ],
      [AddCrud, ['Order', '--module', 'Sales']],
      [AddMigration, ['Init', '--module', 'Sales']],
    ])
    return () => shop.remove()
  })

  mutantTests(ORDER_MUTANTS)
})
