import { test } from '@japa/runner'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { ApiReference } from '@pantheon/kit/http'
import { fuzzThroughPrism } from '#tests/prism_fuzz/fuzz'

/*
 * The fuzz of `npm run contract:prism:fuzz` (which CI runs on every served document) against
 * this suite's server, with documents changed on purpose: each change must be reported.
 */

const BASE = () => `http://${process.env.HOST}:${process.env.PORT}`

type Document = Record<string, any>

/** Catalog 2.0's document as served, with its create operation only, changed by `change`. */
async function createOnly(change: (create: Document) => void): Promise<Document> {
  const reference = await app.container.make(ApiReference)
  const entry = reference.entries().find(({ path }) => path.endsWith('/catalog-v2.json'))!
  const document = structuredClone(reference.document(entry.path)) as Document
  document.paths = { '/api/v2/catalog': document.paths['/api/v2/catalog'] }
  change(document.paths['/api/v2/catalog'].post)
  return document
}

test.group('Fuzzing the documents through Prism', (group) => {
  let folder: string
  group.setup(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pantheon-prism-fuzz-'))
    return () => rm(folder, { recursive: true, force: true })
  })

  async function fuzz(document: Document) {
    const file = join(folder, 'catalog-v2.json')
    await writeFile(file, JSON.stringify(document))
    return fuzzThroughPrism({
      documents: [{ name: 'catalog-v2.json', file, document }],
      upstream: BASE(),
      seed: 42,
      valid: 4,
      invalid: 2,
    })
  }

  test('an answer whose body the operation does not declare is reported', async ({ assert }) => {
    const report = await fuzz(
      await createOnly((create) => {
        create.responses['201'].content['application/json'].schema = { type: 'integer' }
      })
    )
    assert.equal(report.requests, 6)
    const reported = report.problems.flatMap(({ problems }) => problems)
    assert.lengthOf(report.problems, 4)
    assert.match(reported[0], /^the 201 answer is not one the operation declares: response\.body/)
  }).timeout(60_000)

  test('a request the document allows and the service refuses is reported', async ({ assert }) => {
    const report = await fuzz(
      await createOnly((create) => {
        const body = create.requestBody.content['application/json'].schema
        delete body.properties.category
        body.required = ['name', 'price']
      })
    )
    assert.lengthOf(report.problems, 4)
    for (const { status, problems } of report.problems) {
      assert.equal(status, 400)
      assert.match(problems.join('\n'), /the service refused \(400\) a request the document allows/)
    }
  }).timeout(60_000)
})
