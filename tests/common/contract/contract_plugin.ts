import { appendFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { ClientRequest } from 'node:http'
import app from '@adonisjs/core/services/app'
import { ApiClient, type ApiResponse } from '@japa/api-client'
import type { PluginFn } from '@japa/runner/types'
import { ApiReference } from '@pantheon/kit/http'
import type { Exchange } from './exchange.js'
import { OpenApiContract } from './openapi_contract.js'

/**
 * How many exchanges this run held to the documents, how many reached no documented path, and
 * how many were sent deliberately outside the documents (outsideTheDocuments).
 */
export const contractCounts = { documented: 0, undocumented: 0, outside: 0 }

/** Why the requests sent now are not held to the documents; undefined: they are. */
let outsideReason: string | undefined

/**
 * The escape hatch of the contract check: the requests sent until the returned function is
 * called are not held to the documents. It is for a test that changes at run time what the
 * documents were built from when the app booted (a module's default version), so that the
 * service no longer answers as they say; never to quiet a disagreement between the documents
 * and the service as configured. Call it in the setup of the tests concerned, with the reason,
 * and return what it returns as their teardown:
 *
 *   group.each.setup(() => {
 *     const restore = outsideTheDocuments('the module requires a version from now on')
 *     catalogApiVersions.setDefaultVersion(undefined)
 *     return () => { catalogApiVersions.setDefaultVersion('1.0'); restore() }
 *   })
 */
export function outsideTheDocuments(reason: string): () => void {
  if (reason.trim() === '') throw new Error('Say why these requests are outside the documents')
  if (outsideReason !== undefined) {
    throw new Error(`Requests are already outside the documents: ${outsideReason}`)
  }
  outsideReason = reason
  return () => {
    outsideReason = undefined
  }
}

/** The documents the test server serves, read where it reads them. */
export async function servedContract(): Promise<OpenApiContract> {
  const reference = await app.container.make(ApiReference)
  const documents = Object.fromEntries(
    reference.entries().map((entry) => [basename(entry.path), reference.document(entry.path)!])
  )
  return new OpenApiContract(documents)
}

/** The exchange of a response from the suite's own server; undefined for any other host. */
function toExchange(response: ApiResponse): Exchange | undefined {
  const sent = (response.response as unknown as { req?: ClientRequest }).req
  const host = sent?.getHeader('host')
  if (!sent || host !== `${process.env.HOST}:${process.env.PORT}`) return undefined
  const url = new URL(sent.path, `http://${host}`)
  const data = (response.request.request as unknown as { _data?: unknown })._data
  return {
    method: sent.method,
    path: url.pathname,
    query: url.searchParams,
    requestHeaders: headers(sent.getHeaders()),
    requestBody: data === undefined || typeof data === 'string' ? data : JSON.stringify(data),
    status: response.status(),
    responseHeaders: headers(response.headers()),
    responseBody: response.text() ?? '',
  }
}

function headers(raw: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(raw)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value.join(', ') : String(value),
      ])
  )
}

/**
 * Holds every request the suite sends to its own server, and the response, to the OpenAPI
 * documents that server serves (see OpenApiContract): a request to a documented operation that
 * the documents and the service judge differently fails its test at that request, with the
 * reasons. So the documents cannot drift from the service without the build failing.
 */
export function openApiContract(): PluginFn {
  return () => {
    let contract: Promise<OpenApiContract> | undefined
    ApiClient.teardown(async (response: ApiResponse) => {
      const exchange = toExchange(response)
      if (!exchange) return
      if (outsideReason !== undefined) {
        contractCounts.outside++
        return
      }
      contract ??= servedContract()
      // CONTRACT_RECORD=<file> keeps the exchanges (one JSON object a line), to replay them
      // through another validator (docs/api-versioning.md, "API documents").
      if (process.env.CONTRACT_RECORD) {
        appendFileSync(
          process.env.CONTRACT_RECORD,
          `${JSON.stringify({ ...exchange, query: exchange.query.toString() })}\n`
        )
      }
      const served = await contract
      const { documented, violations } = served.check(exchange)
      contractCounts[documented ? 'documented' : 'undocumented']++
      if (violations.length === 0) return
      const query = exchange.query.size > 0 ? `?${exchange.query}` : ''
      throw new Error(
        `OpenAPI contract: ${exchange.method} ${exchange.path}${query} answered ${exchange.status}\n${violations.join('\n')}`
      )
    })
  }
}
