import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { moduleFacts, type FactsParser, type ValidatorField } from '#kit/scaffolding/module_facts'

const GOLDEN = 'tests/fixtures/golden/modules/catalog'
const golden = (path: string) => readFile(app.makePath(GOLDEN, `${path}.golden`), 'utf8')

const required = (fields: ValidatorField[] | undefined) =>
  fields?.filter((field) => !field.optional).map((field) => field.name)

/** A validator as prettier leaves it: long rules wrapped, one with commas of its own. */
const WRAPPED = `import vine from '@vinejs/vine'
import { defineCommandValidator, maxDecimalPlaces } from '@pantheon/kit/application'
import { ChargeCommand } from './charge_command.js'

export default defineCommandValidator(
  ChargeCommand,
  vine.create({
    amount: vine
      .number({ strict: true })
      .use(maxDecimalPlaces(4))
      .range([-99999999999.9999, 99999999999.9999]),
    // a note, with a comma: and a colon
    /* a block, with a comma, */
    note: vine
      .string()
      .trim()
      .nullable()
      .optional(),
    payload: vine.any(),
    address: vine.object({ street: vine.string(), city: vine.string().optional() }).optional(),
    label: vine.string().regex(/^[a-z,]+$/),
    title: vine.string().in(['a, b', "c's"]).optional(),
  })
)
`

// Both readers answer every question alike (see module_facts.ts).
for (const parser of ['prettier', 'ts-morph'] as FactsParser[]) {
  test.group(`Module facts (${parser}): a validator`, (group) => {
    group.tap((t) => t.tags(['@any-database']))
    test('reads wrapped rules, nested objects, comments and commas inside rules', async ({
      assert,
    }) => {
      const facts = await moduleFacts({ parser })
      const fields = facts.validatorFields(WRAPPED, 'charge_validator.ts')!
      assert.deepEqual(
        fields.map(({ name, optional, nullable }) => ({ name, optional, nullable })),
        [
          { name: 'amount', optional: false, nullable: false },
          { name: 'note', optional: true, nullable: true },
          { name: 'payload', optional: false, nullable: false },
          { name: 'address', optional: true, nullable: false },
          { name: 'label', optional: false, nullable: false },
          { name: 'title', optional: true, nullable: false },
        ]
      )
      assert.equal(fields[4].rule, 'vine.string().regex(/^[a-z,]+$/)')
    })

    test('skips a vine.create({ in a comment or a string, which text matching took as the schema', async ({
      assert,
    }) => {
      const source = `import vine from '@vinejs/vine'
  // Written like vine.create({ id: vine.string() }) in other modules.
  const hint = 'vine.create({ other: vine.string() })'
  export default defineCommandValidator(PingCommand, vine.create({ note: vine.string().optional() }))
  `
      const facts = await moduleFacts({ parser })
      assert.deepEqual(required(facts.validatorFields(source, 'ping_validator.ts')), [])
    })

    test('reads .optional() anywhere in the rule’s own chain, not only at its end', async ({
      assert,
    }) => {
      const source = `vine.create({
    launch: vine.date().nullable().optional().transform((date) => date),
    city: vine.object({ zip: vine.string().optional() }),
  })`
      const facts = await moduleFacts({ parser })
      const fields = facts.validatorFields(source, 'v.ts')!
      assert.deepEqual(required(fields), ['city'])
      assert.isTrue(fields[0].nullable)
    })

    test('reads quoted keys, a schema held in a constant, shorthand and spread entries', async ({
      assert,
    }) => {
      const source = `const name = vine.string().optional()
  const shared = { createdBy: vine.string() }
  const schema = vine.object({ 'first-name': vine.string(), name, ...shared })
  export default defineCommandValidator(SignUpCommand, vine.create(schema))`
      const facts = await moduleFacts({ parser })
      const fields = facts.validatorFields(source, 'sign_up_validator.ts')!
      assert.deepEqual(
        fields.map((field) => [field.name, field.optional]),
        [
          ['first-name', false],
          ['name', true],
          ['createdBy', false],
        ]
      )
    })

    test('is undefined with no vine.create, or a schema it cannot read; empty for an empty one', async ({
      assert,
    }) => {
      const facts = await moduleFacts({ parser })
      assert.isUndefined(facts.validatorFields('export default {}', 'a.ts'))
      assert.isUndefined(facts.validatorFields('vine.create(schemaFromElsewhere)', 'b.ts'))
      assert.isUndefined(facts.validatorFields('vine.create({ [key]: vine.string() })', 'c.ts'))
      assert.deepEqual(facts.validatorFields('vine.create({})', 'd.ts'), [])
    })

    test('reads a generated validator as its fields say', async ({ assert }) => {
      const facts = await moduleFacts({ parser })
      const fields = facts.validatorFields(
        await golden('application/commands/update_product/update_product_validator.ts'),
        'update_product_validator.ts'
      )
      assert.includeMembers(required(fields)!, ['id', 'name', 'price', 'restock', 'status'])
      assert.notInclude(required(fields)!, 'notes')
      assert.notInclude(required(fields)!, 'launch')
    })
  })

  test.group(`Module facts (${parser}): commands, queries and handlers`, (group) => {
    group.tap((t) => t.tags(['@any-database']))
    test('reads the result type of a message, however prettier wrapped it', async ({ assert }) => {
      const source = `export class SearchProductsQuery extends Query<
    Page<ProductDto, { cursor: string }>
  > implements Traced {
    static fromInput = (input: Record<string, unknown>) => new SearchProductsQuery()
  }`
      const facts = await moduleFacts({ parser })
      assert.deepEqual(facts.message(source, 'search_products_query.ts'), {
        className: 'SearchProductsQuery',
        kind: 'query',
        resultType: 'Page<ProductDto,{cursor:string}>',
        hasFromInput: true,
      })
    })

    test('reads a generated command, and picks the class asked for', async ({ assert }) => {
      const facts = await moduleFacts({ parser })
      const source = await golden('application/commands/update_product/update_product_command.ts')
      assert.deepEqual(facts.message(source, 'update_product_command.ts'), {
        className: 'UpdateProductCommand',
        kind: 'command',
        resultType: 'void',
        hasFromInput: true,
      })
      assert.isUndefined(facts.message(source, 'update_product_command.ts', 'OtherCommand'))
      assert.deepEqual(facts.message('class Ping extends Command<string> {}', 'ping.ts'), {
        className: 'Ping',
        kind: 'command',
        resultType: 'string',
        hasFromInput: false,
      })
      assert.isUndefined(facts.message('class Ping extends Base<string> {}', 'ping.ts'))
      assert.isUndefined(facts.message('class Ping implements Command<string> {}', 'ping.ts'))
    })

    test('finds a NotImplemented answer prettier wrapped over lines, which text matching missed', async ({
      assert,
    }) => {
      const facts = await moduleFacts({ parser })
      const source = await golden('application/commands/restock_product/restock_product_handler.ts')
      assert.deepEqual(facts.handler(source, 'restock_product_handler.ts'), {
        notFoundCodes: [],
        notImplementedCodes: ['RestockProduct.NotImplemented'],
        answersNotFound: false,
      })
    })

    test('finds NotFound in a handler, and not in a comment', async ({ assert }) => {
      const facts = await moduleFacts({ parser })
      const update = await golden('application/commands/update_product/update_product_handler.ts')
      assert.deepEqual(facts.handler(update, 'update_product_handler.ts').notFoundCodes, [
        'Product.NotFound',
      ])
      const commented = `// Never answers AppError.notFound('Product.NotFound', …): it creates.
  export default class H { handle() { return success(1) } }`
      assert.isFalse(facts.handler(commented, 'h.ts').answersNotFound)
    })

    test("reads the kit's entityNotFound and storedForChange as the entity's NotFound, each code once", async ({
      assert,
    }) => {
      const facts = await moduleFacts({ parser })
      const source = `export default class H {
    async handle(command) {
      const found = await storedForChange('Order', command, (id) => this.find(id))
      if (!found.ok) return found
      if (!found.value.lines.length) return failure(AppError.notFound('Orders.LineNotFound', 'no line'))
      return (await this.save(found.value)) ? success(undefined) : failure(entityNotFound('Order', command.id))
    }
  }`
      const handler = facts.handler(source, 'h.ts')
      assert.isTrue(handler.answersNotFound)
      assert.deepEqual(handler.notFoundCodes, ['Order.NotFound', 'Orders.LineNotFound'])
    })

    test('reads those helpers imported under another name', async ({ assert }) => {
      const facts = await moduleFacts({ parser })
      const source = `import { storedForChange as loadForChange } from '@pantheon/kit/application'
  export default class H {
    async handle(command) {
      const found = await loadForChange('Invoice', command, (id) => this.find(id))
      return found.ok ? success(undefined) : found
    }
  }`
      assert.deepEqual(facts.handler(source, 'h.ts').notFoundCodes, ['Invoice.NotFound'])
      const unrelated = `import { lookUp as storedForChange2 } from './own.js'
  export default class H { handle() { return storedForChange2('Invoice') } }`
      assert.isFalse(facts.handler(unrelated, 'h.ts').answersNotFound)
    })
  })

  test.group(`Module facts (${parser}): endpoints, registrations and exports`, (group) => {
    group.tap((t) => t.tags(['@any-database']))
    test('reads the route an endpoint declares, in either quotes', async ({ assert }) => {
      const facts = await moduleFacts({ parser })
      assert.deepEqual(
        facts.endpointRoute(await golden('api/get_product_endpoint.ts'), 'get_product_endpoint.ts'),
        { className: 'GetProductEndpoint', method: 'get', path: '/:id' }
      )
      const handWritten = `export default class Ship extends MediatorEndpoint {
    readonly method = "POST" as const
    readonly path = \`/:id/ship\`
  }`
      assert.deepEqual(facts.endpointRoute(handWritten, 'ship_endpoint.ts'), {
        className: 'Ship',
        method: 'post',
        path: '/:id/ship',
      })
      assert.isUndefined(facts.endpointRoute('export const path = "/"', 'x.ts'))
    })

    test("reads a module's registration class and the tokens it binds", async ({ assert }) => {
      const facts = await moduleFacts({ parser })
      const source = await readFile(
        app.makePath('modules/catalog/infrastructure/catalog_module.ts'),
        'utf8'
      )
      assert.deepEqual(facts.registration(source, 'catalog_module.ts'), {
        className: 'CatalogModule',
        moduleName: 'Catalog',
        methods: ['registerServices'],
        bindings: ['ProductRepository', 'ProductReadModel'],
      })
      assert.isUndefined(facts.registration('export class NotDefault {}', 'x.ts'))
    })

    test('lists what a file exports, arrow functions included', async ({ assert }) => {
      const facts = await moduleFacts({ parser })
      const source = `export interface ProductDto { id: string }
  export function toProductDto() {}
  export const toProductListDto = () => {}
  function helper() {}
  export default class Sample {}`
      assert.deepEqual(facts.exports(source, 'product_dto.ts'), {
        classes: [],
        functions: ['toProductDto'],
        variables: ['toProductListDto'],
        defaultClass: 'Sample',
      })
    })

    test('tells whether a file calls a method or function, a commented-out call excluded', async ({
      assert,
    }) => {
      const facts = await moduleFacts({ parser })
      const migrating = `runnerHooks.setup = [() => testUtils.db().migrate()]`
      const preparing = `runnerHooks.setup = [() => prepareTestDatabases(app)]`
      const commented = `// await testUtils.db().migrate()\nrunnerHooks.setup = []`
      const names = ['migrate', 'prepareTestDatabases']
      assert.isTrue(facts.calls(migrating, 'bootstrap.ts', ...names))
      assert.isTrue(facts.calls(preparing, 'bootstrap.ts', ...names))
      assert.isFalse(facts.calls(preparing, 'bootstrap.ts', 'migrate'))
      assert.isFalse(facts.calls(commented, 'bootstrap.ts', ...names))
    })
  })
}
