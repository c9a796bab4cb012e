import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import * as prettier from 'prettier'
import string from '@adonisjs/core/helpers/string'
import { entityNames } from '#kit/scaffolding/entity_names'
import { snakeCase } from '#kit/scaffolding/names'
import { crudCommandLines, scaffoldJson } from '#tests/common/crud_scaffolding'
import { portAbove, runAppTests } from '#tests/common/generated_app_commands'
import {
  asEntity,
  changedEntity,
  definitionLiteral,
  drawnChange,
  drawnEntity,
  fieldName,
  propertyFlag,
  referenceFlag,
  referenceLiteral,
  type DrawnChange,
  MATRIX_MODULES,
  type DrawnEntity,
  type DrawnProperty,
} from '#tests/common/generator_matrix/drawn_entity'
import {
  asStored,
  createBody,
  existingRowsDefault,
  patchBody,
  refusedStructure,
  refusedValues,
  requiredFields,
  validBody,
  withReferences,
  type Body,
} from '#tests/common/generator_matrix/drawn_values'
import { assertListParameters, type ListedRow } from '#tests/common/generator_matrix/list_checks'
import {
  inApp,
  templateApp,
  withServer,
  type Send,
  type Target,
} from '#tests/common/generator_matrix/matrix_app'
import { createPostgresDatabase } from '#tests/common/postgres_database'
import { typeChecker } from '#tests/common/type_checker'
import { lintApp } from '#tests/common/app_lint'

/**
 * The generator matrix: fast-check draws entity definitions and values, and each drawn batch runs
 * the whole chain in a new app, from add-module to an HTTP round trip on SQLite and PostgreSQL
 * under non-UTC time zones, then changes the entities and runs it again. A batch is one drawn
 * case per module name the generators are tried with, side by side in one app, so the app's
 * typecheck, lint, own tests and servers are paid once for all of them. The seed is fixed so CI
 * runs the same cases; MATRIX_RUNS (cases, in batches) and MATRIX_SEED run more or others
 * (`npm run matrix`), and MATRIX_SEED with MATRIX_PATH replays one failing batch.
 */
const RUNS = Number(process.env.MATRIX_RUNS ?? 3)
const SEED = Number(process.env.MATRIX_SEED ?? 20261124)
const PATH = process.env.MATRIX_PATH
const BATCHES = PATH ? 1 : Math.ceil(RUNS / MATRIX_MODULES.length)

/** Ports 150–152 above this suite's TEST_PORT: the two servers and the app's own tests. */
const APP_TESTS_PORT = portAbove(152)

interface DrawnCase {
  entity: DrawnEntity
  /** The two rows of the referenced entity a reference names, stored first. */
  referenced: Body[]
  /** A valid part, which the refused lists of parts repeat. */
  item: Body
  created: Body
  updated: Body
  patched: Body
  second: Body
  change: DrawnChange
  changed: { created: Body; updated: Body; patched: Body }
}

/** A unique key's value as the database compares it (a UUID in any case is one value). */
const keyOf = (property: DrawnProperty, value: unknown) =>
  property.type === 'uuid' && typeof value === 'string'
    ? value.toLowerCase()
    : JSON.stringify(value)

/** Whether two rows hold the same value of a unique key (rows holding none never do). */
function clash(entity: DrawnEntity, first: Body, second: Body): boolean {
  return entity.properties.some((property) => {
    if (!property.unique) return false
    const field = fieldName(property.pascal)
    const [a, b] = [first[field], second[field]]
    return a !== null && a !== undefined && keyOf(property, a) === keyOf(property, b)
  })
}

const drawnCase: fc.Arbitrary<DrawnCase> = drawnEntity.chain((entity) =>
  drawnChange(entity).chain((change) => {
    const after = changedEntity(entity, change)
    const { reference, part } = entity
    return fc
      .record({
        entity: fc.constant(entity),
        referenced: reference
          ? fc.array(createBody(asEntity(entity, { ...reference, name: reference.entity })), {
              minLength: 2,
              maxLength: 2,
            })
          : fc.constant<Body[]>([]),
        item: part ? validBody(asEntity(entity, part)) : fc.constant<Body>({}),
        created: createBody(entity),
        updated: validBody(entity),
        patched: patchBody(entity),
        second: createBody(entity),
        change: fc.constant(change),
        changed: fc.record({
          created: createBody(after),
          updated: validBody(after),
          patched: patchBody(after),
        }),
      })
      .filter((drawn) => {
        // The row the first round leaves stays beside the second round's: unique keys apart.
        const old = afterChange(asStored(entity, drawn.second), change)
        const { created, updated, patched } = drawn.changed
        return (
          !clash(after, old, created) &&
          !clash(after, old, updated) &&
          !clash(after, old, { ...updated, ...patched })
        )
      })
  })
)

/** One case per module name, each in a module of its own (and so in tables of its own). */
const drawnBatch: fc.Arbitrary<DrawnCase[]> = fc.tuple(
  ...MATRIX_MODULES.map((module) =>
    drawnCase.map((drawn) => ({ ...drawn, entity: { ...drawn.entity, module } }))
  )
)

/** The command lines of a case, as a user types them. */
function scaffolding(entity: DrawnEntity): string[][] {
  const { module, reference, part } = entity
  const propertiesFlag = [
    ...entity.properties.map(propertyFlag),
    ...(reference ? [referenceFlag(reference)] : []),
  ].join(',')
  return [
    ['add-module', module],
    ...(reference
      ? [
          [
            'add-entity',
            reference.entity,
            '--module',
            module,
            '--properties',
            reference.properties.map(propertyFlag).join(','),
          ],
          ['add-crud', reference.entity, '--module', module],
        ]
      : []),
    [
      'add-entity',
      entity.name,
      '--module',
      module,
      ...(entity.aggregate ? ['--aggregate'] : []),
      '--properties',
      propertiesFlag,
    ],
    ...(part
      ? [
          [
            'add-entity',
            part.name,
            '--module',
            module,
            '--part-of',
            entity.name,
            '--properties',
            part.properties.map(propertyFlag).join(','),
            ...(part.minItems === undefined ? [] : ['--min-items', String(part.minItems)]),
            ...(part.maxItems === undefined ? [] : ['--max-items', String(part.maxItems)]),
          ],
        ]
      : []),
    ...crudCommandLines(module, entity.name, string.plural(entity.name)),
    ['add-migration', 'Init', '--module', module],
  ]
}

/** The route of the referenced entity's CRUD, as add-crud names it by default. */
function referencedRoute(drawn: DrawnCase): string {
  const { module, reference } = drawn.entity
  return `${string.dashCase(module)}/${entityNames(reference!.entity).pluralSnake.replace(/_/g, '-')}`
}

/** Stores the referenced rows the case's bodies name; their ids, in REFERENCED_ROW's order. */
async function storeReferenced(assert: Assert, send: Send, drawn: DrawnCase): Promise<string[]> {
  const ids: string[] = []
  for (const body of drawn.referenced) {
    const stored = await send('POST', '/', body)
    assert.equal(stored.status, 201, `POST ${drawn.entity.reference!.entity}: ${show(stored)}`)
    ids.push(stored.body as string)
  }
  return ids
}

/** A referenced row that a row still names cannot be removed: 409, and it stays. */
async function assertStillReferenced(assert: Assert, send: Send, drawn: DrawnCase, row: Body) {
  const { reference } = drawn.entity
  const id = reference ? row[reference.field] : null
  if (typeof id !== 'string') return
  const refused = await send('DELETE', `/${id}`)
  assert.equal(refused.status, 409, `DELETE a referenced ${reference!.entity}: ${show(refused)}`)
  assert.equal(refused.body.code, `${reference!.entity}.StillReferenced`, show(refused))
  const kept = await send('GET', `/${id}`)
  assert.equal(kept.status, 200, show(kept))
}

/** Every value the validator must refuse, each in an otherwise valid body, and the reasons. */
function refusedBodies(entity: DrawnEntity, valid: Body): Array<{ why: string; body: Body }> {
  const bodies: Array<{ why: string; body: Body }> = [
    { why: 'an unknown field', body: { ...valid, notAProperty: 1 } },
  ]
  for (const field of requiredFields(entity)) {
    const without = { ...valid }
    delete without[field]
    bodies.push({ why: `${field} missing`, body: without })
  }
  for (const property of entity.properties) {
    const field = fieldName(property.pascal)
    for (const value of refusedValues(property)) {
      bodies.push({
        why: `${field} (${propertyFlag(property)}) = ${JSON.stringify(value)?.slice(0, 40)}`,
        body: { ...valid, [field]: value },
      })
    }
  }
  return bodies
}

/** An answer in an assertion's message, where chai would cut it short. */
const show = (answer: unknown) => JSON.stringify(answer).slice(0, 2000)

/** A UUID no stored row has. */
const NO_ROW = '0190a5a8-0000-7000-8000-00000000dead'

/**
 * Create, read, update, patch, list (with its parameters) and delete, each value back exactly as
 * sent, every refused value a 400, a reference to no row a 400 naming its field. `ids` are the
 * stored referenced rows; `item` a valid part. Returns the id of a row it leaves in the table.
 */
async function roundTrip(
  assert: Assert,
  send: Send,
  entity: DrawnEntity,
  drawn: { created: Body; updated: Body; patched: Body; second?: Body; item: Body },
  kept: ListedRow[],
  ids: string[]
) {
  const bodies = {
    created: withReferences(entity, drawn.created, ids),
    updated: withReferences(entity, drawn.updated, ids),
    patched: withReferences(entity, drawn.patched, ids),
  }
  const created = await send('POST', '/', bodies.created)
  if (created.status !== 201) {
    // A conflict is with the rows stored: the message shows them.
    const stored = await send('GET', '/')
    assert.fail(`POST: ${show(created)}\nsent: ${show(bodies.created)}\nstored: ${show(stored)}`)
  }
  const id = created.body as string
  const read = await send('GET', `/${id}`)
  assert.deepEqual(
    read,
    { status: 200, body: { id, version: 1, ...asStored(entity, bodies.created) } },
    show(read)
  )

  const updated = await send('PUT', `/${id}`, bodies.updated, { 'if-match': '"1"' })
  assert.equal(updated.status, 204, `PUT: ${JSON.stringify(updated.body)}`)
  const reread = await send('GET', `/${id}`)
  assert.deepEqual(
    reread,
    { status: 200, body: { id, version: 2, ...asStored(entity, bodies.updated) } },
    show(reread)
  )
  // A PATCH changes the fields it sends (a list of parts whole) and keeps the others.
  const patched = await send('PATCH', `/${id}`, bodies.patched, { 'if-match': '"2"' })
  assert.equal(patched.status, 204, `PATCH: ${JSON.stringify(patched.body)}`)
  const current = asStored(entity, { ...bodies.updated, ...bodies.patched })
  const repatched = await send('GET', `/${id}`)
  assert.deepEqual(
    repatched,
    { status: 200, body: { id, version: 3, ...current } },
    show(repatched)
  )
  // The versions it was changed from are stale now: a change or removal from one answers 412
  // (the list below finds the row unchanged).
  for (const [method, body, version] of [
    ['PUT', bodies.updated, '"1"'],
    ['PATCH', bodies.patched, '"2"'],
    ['DELETE', undefined, '"2"'],
  ] as const) {
    const stale = await send(method, `/${id}`, body, { 'if-match': version })
    assert.equal(stale.status, 412, `stale ${method} ${version}: ${JSON.stringify(stale.body)}`)
  }

  const list = await send('GET', '/')
  assert.equal(list.status, 200, JSON.stringify(list.body))
  assert.sameDeepMembers(list.body.items, [
    ...kept.map((row) => ({ id: row.id, version: 1, ...row.body })),
    { id, version: 3, ...current },
  ])
  await assertListParameters(assert, send, entity, [...kept, { id, body: current }])

  const deleted = await send('DELETE', `/${id}`, undefined, { 'if-match': '"3"' })
  assert.equal(deleted.status, 204, `DELETE: ${JSON.stringify(deleted.body)}`)
  const gone = await send('GET', `/${id}`)
  assert.equal(gone.status, 404, show(gone))

  for (const { why, body } of [
    ...refusedBodies(entity, bodies.created),
    ...refusedStructure(entity, bodies.created, drawn.item),
  ]) {
    const refused = await send('POST', '/', body)
    assert.equal(refused.status, 400, `${why}: ${JSON.stringify(refused.body)}`)
  }
  if (entity.reference) {
    const { field } = entity.reference
    const unknown = await send('POST', '/', { ...bodies.created, [field]: NO_ROW })
    assert.equal(unknown.status, 400, `a reference to no row: ${show(unknown)}`)
    assert.deepEqual(
      unknown.body.errors.map((error: { field: string }) => error.field),
      [field],
      show(unknown)
    )
  }

  if (!drawn.second) return undefined
  const sent = withReferences(entity, drawn.second, ids)
  const second = await send('POST', '/', sent)
  assert.equal(second.status, 201, `POST: ${JSON.stringify(second.body)}`)
  // The same values again: a unique key it holds a value of answers 409 naming that key.
  const taken = entity.properties
    .filter((property) => property.unique)
    .map((property) => property.pascal)
    .filter((pascal) => sent[fieldName(pascal)] !== null && sent[fieldName(pascal)] !== undefined)
  if (taken.length > 0) {
    const again = await send('POST', '/', sent)
    assert.equal(again.status, 409, `POST again: ${show(again)}`)
    assert.oneOf(
      again.body.code,
      taken.map((pascal) => `${entity.name}.${pascal}Taken`),
      show(again)
    )
  }
  return second.body as string
}

/**
 * After the change's migration (which may rebuild the table on SQLite), the unique keys the
 * entity had still hold: a new row taking the value of one from the row left answers 409.
 */
async function assertKeysKept(
  assert: Assert,
  send: Send,
  drawn: DrawnCase,
  left: Body,
  ids: string[]
) {
  const { entity, change } = drawn
  const after = changedEntity(entity, change)
  const added = new Set([change.added.pascal, change.addedRequired.pascal])
  const keys = after.properties.filter(
    (property) =>
      property.unique &&
      !added.has(property.pascal) &&
      left[fieldName(property.pascal)] !== null &&
      left[fieldName(property.pascal)] !== undefined
  )
  if (keys.length === 0) return
  const clashing = withReferences(after, drawn.changed.created, ids)
  for (const key of keys) clashing[fieldName(key.pascal)] = left[fieldName(key.pascal)]
  const refused = await send('POST', '/', clashing)
  assert.equal(refused.status, 409, `a unique value of the row left: ${show(refused)}`)
  assert.oneOf(
    refused.body.code,
    keys.map((key) => `${entity.name}.${key.pascal}Taken`),
    show(refused)
  )
}

/** The app typechecks, is lint-clean and passes its own tests. */
async function checkApp(assert: Assert, root: string) {
  await inApp(root, [typeChecker(root), '--noEmit'])
  await lintApp(root)
  const tests = await runAppTests(root, ['--reporters=dot'], (argv) =>
    inApp(root, argv, {
      NODE_ENV: 'test',
      TZ: 'America/Los_Angeles',
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME: 'tmp/test.sqlite3',
      TEST_PORT: APP_TESTS_PORT,
    })
  )
  assert.match(tests.stdout, /Tests\s+\d+ passed \(\d+\)/)
  assert.notMatch(tests.stdout, /failed/)
}

/** The definition file with the changed entity's properties. */
async function editDefinition(root: string, entity: DrawnEntity) {
  const file = join(
    root,
    'modules',
    snakeCase(entity.module),
    'domain',
    `${snakeCase(entity.name)}_definition.ts`
  )
  const source = await readFile(file, 'utf8')
  const literals = entity.properties.map(
    (property) => `    ${fieldName(property.pascal)}: ${definitionLiteral(property)},\n`
  )
  const { reference } = entity
  if (reference) literals.push(`    ${reference.field}: ${referenceLiteral(reference)},\n`)
  const properties = literals.join('')
  const edited = source.replace(
    /( {2}properties: \{\n)[\s\S]*?(\n {2}\},\n\}\))/,
    `$1${properties.trimEnd()}$2`
  )
  if (edited === source) throw new Error(`the properties of ${file} were not found:\n${source}`)
  // Saved as the user's editor saves it: formatted with the app's prettier settings.
  const options = await prettier.resolveConfig(file)
  await writeFile(file, await prettier.format(edited, { ...options, filepath: file }))
}

/** How the row left in the table reads after the change: dropped gone, added with defaults. */
function afterChange(row: Body, change: DrawnChange): Body {
  const read = { ...row }
  if (change.dropped) delete read[fieldName(change.dropped)]
  for (const added of [change.added, change.addedRequired]) {
    read[fieldName(added.pascal)] = added.optional ? null : existingRowsDefault(added)
  }
  return read
}

/** The databases a batch runs on, each with the time zone its processes run in. */
function targetsOf(dbName: string): Target[] {
  return [
    {
      label: 'SQLite',
      env: {
        TZ: 'America/Los_Angeles',
        DB_CONNECTION: 'sqlite',
        SQLITE_FILENAME: 'tmp/db.sqlite3',
      },
      port: portAbove(150),
    },
    {
      label: 'PostgreSQL',
      env: {
        TZ: 'Asia/Tokyo',
        DB_CONNECTION: 'pg',
        DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`,
      },
      port: portAbove(151),
    },
  ]
}

async function runBatch(assert: Assert, shop: string, batch: DrawnCase[], number: number) {
  const routeOf = (drawn: DrawnCase) => string.dashCase(drawn.entity.module)
  const dbName = `pantheon_matrix_${process.pid}_${number}`
  const targets = targetsOf(dbName)
  const dropDatabase = await createPostgresDatabase(dbName)
  try {
    for (const drawn of batch) {
      for (const line of scaffolding(drawn.entity)) await inApp(shop, ['ace', ...line])
    }
    for (const target of targets) await inApp(shop, ['ace', 'migration:run'], target.env)
    await checkApp(assert, shop)

    /** The row each case leaves in its table on each database, by case and target. */
    const left = new Map<string, { id: string; body: Body }>()
    /** The referenced rows each case stores on each database, by case and target. */
    const referenced = new Map<string, string[]>()
    for (const target of targets) {
      await withServer(shop, target, async (sendTo) => {
        for (const drawn of batch) {
          const key = `${drawn.entity.module} ${target.label}`
          const ids = drawn.entity.reference
            ? await storeReferenced(assert, sendTo(referencedRoute(drawn)), drawn)
            : []
          referenced.set(key, ids)
          const id = await roundTrip(assert, sendTo(routeOf(drawn)), drawn.entity, drawn, [], ids)
          const body = withReferences(drawn.entity, drawn.second, ids)
          left.set(key, { id: id!, body })
          if (drawn.entity.reference) {
            await assertStillReferenced(assert, sendTo(referencedRoute(drawn)), drawn, body)
          }
        }
      })
    }

    for (const { entity, change } of batch) {
      await editDefinition(shop, changedEntity(entity, change))
      const synced = await inApp(shop, [
        'ace',
        'sync-entity',
        entity.name,
        '--module',
        entity.module,
        '--json',
      ])
      const sync = scaffoldJson(synced.stdout)
      assert.isTrue(sync.ok, sync.errors.join('\n'))
      assert.deepEqual(sync.skipped, [])
    }
    // The change breaks the API's clients; the app's own test would compare the served OpenAPI
    // documents with docs/openapi/, so the user accepts it by letting the test write them anew.
    await rm(join(shop, 'docs/openapi'), { recursive: true, force: true })
    for (const { entity } of batch) {
      await inApp(shop, ['ace', 'add-migration', 'Change', '--module', entity.module])
    }
    // The app's test holds docs/modules.md to the modules, which the change altered.
    await inApp(shop, ['ace', 'docs:modules'])
    for (const target of targets) await inApp(shop, ['ace', 'migration:run'], target.env)
    // Lint again: the migrations written for rows already there and the files sync-entity
    // rewrote are the app's code too.
    await checkApp(assert, shop)

    for (const target of targets) {
      await withServer(shop, target, async (sendTo) => {
        for (const drawn of batch) {
          const { entity, change } = drawn
          const send = sendTo(routeOf(drawn))
          const key = `${entity.module} ${target.label}`
          const row = left.get(key)!
          const old = { id: row.id, body: afterChange(asStored(entity, row.body), change) }
          const read = await send('GET', `/${row.id}`)
          assert.deepEqual(
            read,
            { status: 200, body: { id: row.id, version: 1, ...old.body } },
            show(read)
          )
          const after = changedEntity(entity, change)
          const ids = referenced.get(key)!
          await roundTrip(assert, send, after, { ...drawn.changed, item: drawn.item }, [old], ids)
          await assertKeysKept(assert, send, drawn, old.body, ids)
        }
      })
    }
  } finally {
    await dropDatabase()
  }
}

/** A failed batch as a user would type it, to be replayed by hand. */
function describeBatch(batch: DrawnCase[]): string {
  return batch
    .map(
      (drawn) =>
        `${scaffolding(drawn.entity)
          .map((line) => `node ace ${line.join(' ')}`)
          .join('\n')}\n` +
        `then the definition changes: ${JSON.stringify(drawn.change)}\n` +
        `values: ${JSON.stringify({ ...drawn, entity: undefined, change: undefined })}`
    )
    .join('\n\n')
}

test.group('Generator matrix', (group) => {
  group.tap((t) => t.tags(['@long']))
  let template: Awaited<ReturnType<typeof templateApp>>
  group.setup(async () => {
    template = await templateApp()
    return () => template.remove()
  })

  test('drawn entities scaffold, migrate, typecheck, pass their tests and round-trip on SQLite and PostgreSQL, before and after a change', async ({
    assert,
  }) => {
    let number = 0
    await fc.assert(
      fc.asyncProperty(drawnBatch, async (batch) => {
        number += 1
        const shop = await template.copy()
        try {
          await runBatch(assert, shop, batch, number)
        } catch (error) {
          // Shrinking would rebuild whole apps: the batch is printed to be replayed instead.
          const kept = await template.keep(shop)
          console.error(
            `Generator matrix batch ${number} failed; its app is kept in ${kept}\n` +
              describeBatch(batch)
          )
          throw error
        }
        await rm(shop, { recursive: true, force: true })
      }),
      {
        seed: SEED,
        // A path replays one batch: fast-check would go on from it for numRuns batches.
        numRuns: BATCHES,
        path: PATH,
        endOnFailure: true,
        verbose: 2,
      }
    )
    // A ceiling, not a speed check (each program it runs has a limit of its own): a batch takes
    // about a minute alone on two cores and four in CI, beside four other lanes.
  }).timeout(120_000 + BATCHES * 900_000)
})
