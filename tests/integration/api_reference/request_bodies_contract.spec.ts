import { test } from '@japa/runner'
import fc from 'fast-check'
import { basename } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import { ApiReference } from '@pantheon/kit/http'
import { dereference } from '#tests/common/contract/dereference'
import { invalidBody, validValue } from '#tests/common/contract/schema_arbitrary'

/*
 * Property-based, from the documents alone: bodies generated from each documented request
 * schema are accepted, and bodies breaking one rule of it are refused with 400. Each request
 * also goes through the contract check of tests/bootstrap.ts, which holds the response to the
 * document.
 */

const RUNS = 40

interface BodyOperation {
  label: string
  method: string
  path: string
  query: Record<string, string>
  schema: Record<string, unknown>
}

/** Every operation with a JSON request body in every served document. */
async function bodyOperations(): Promise<BodyOperation[]> {
  const reference = await app.container.make(ApiReference)
  const found: BodyOperation[] = []
  for (const entry of reference.entries()) {
    const document = dereference(reference.document(entry.path)) as any
    for (const [path, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema
        if (!schema) continue
        if (path.includes('{')) throw new Error(`${path}: fill its path parameters first`)
        // Each documented query parameter with an example is sent with it: the version.
        const query = Object.fromEntries(
          (operation.parameters ?? [])
            .filter((p: any) => p.in === 'query' && p.schema?.example !== undefined)
            .map((p: any) => [p.name, String(p.schema.example)])
        )
        found.push({
          label: `${basename(entry.path)} ${method.toUpperCase()} ${path}`,
          method,
          path,
          query,
          schema,
        })
      }
    }
  }
  return found
}

function send(client: ApiClient, operation: BodyOperation, body: unknown) {
  return client
    .request(operation.path, operation.method.toUpperCase() as 'POST')
    .qs(operation.query)
    .json(body as object)
}

test.group('Request bodies as the documents define them', () => {
  test('every documented body is accepted, every body breaking one rule is refused', async ({
    client,
    assert,
  }) => {
    const operations = await bodyOperations()
    assert.isAbove(operations.length, 0)
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(validValue(operation.schema), async (body) => {
          const response = await send(client, operation, body)
          assert.equal(
            Math.floor(response.status() / 100),
            2,
            `${operation.label} refused ${JSON.stringify(body)}: ${response.text()}`
          )
        }),
        { numRuns: RUNS }
      )
      await fc.assert(
        fc.asyncProperty(invalidBody(operation.schema), async ({ body, field, breaks }) => {
          const response = await send(client, operation, body)
          const problem = response.body()
          assert.equal(
            response.status(),
            400,
            `${operation.label} accepted ${JSON.stringify(body)} (${field} breaks ${breaks})`
          )
          if (problem.code === 'Validation.Failed') {
            assert.include(
              problem.errors.map((error: { field: string }) => error.field),
              field,
              `${operation.label}: ${JSON.stringify(body)} (${field} breaks ${breaks})`
            )
          }
        }),
        { numRuns: RUNS }
      )
    }
  }).timeout(120_000)
})
