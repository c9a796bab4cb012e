import { dereference } from './dereference.js'
import type { Exchange } from './exchange.js'
import { namedVersionPath } from './named_version_path.js'

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: object
}

export interface MediaTypes {
  [mediaType: string]: { schema?: object }
}

export interface ResponseObject {
  description?: string
  headers?: Record<string, { required?: boolean; schema?: object }>
  content?: MediaTypes
}

export interface Operation {
  operationId?: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: MediaTypes }
  responses: Record<string, ResponseObject>
}

/** A documented operation a request reached, with the values of its path parameters. */
export interface MatchedOperation {
  document: string
  method: string
  path: string
  operation: Operation
  pathParams: Record<string, string>
  /** The path the request is held to there, as the documents list it (documentedPathOf). */
  requestPath: string
}

interface PathEntry {
  document: string
  template: string
  pattern: RegExp
  names: string[]
  operations: Record<string, Operation>
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/**
 * Every operation of a set of OpenAPI documents, found by method and path. A path is read the
 * way the documents say the service reads it: a trailing slash changes nothing, and a major
 * version's URL segment may be written v2.0 for v2.
 */
export class DocumentedOperations {
  readonly #paths: PathEntry[] = []

  constructor(documents: Record<string, object>) {
    for (const [name, document] of Object.entries(documents)) {
      const paths = (dereference(document) as { paths?: Record<string, Record<string, unknown>> })
        .paths
      for (const [template, item] of Object.entries(paths ?? {})) {
        const names: string[] = []
        const source = template
          .split(/(\{[^}]+\})/)
          .map((part) => {
            const param = /^\{([^}]+)\}$/.exec(part)
            if (!param) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
            names.push(param[1])
            return '([^/]+)'
          })
          .join('')
        const shared = (item.parameters as Parameter[] | undefined) ?? []
        const operations = Object.fromEntries(
          METHODS.filter((method) => method in item).map((method) => {
            const operation = item[method] as Operation
            const own = operation.parameters ?? []
            const inherited = shared.filter(
              (p) => !own.some((o) => o.name === p.name && o.in === p.in)
            )
            return [method, { ...operation, parameters: [...inherited, ...own] }]
          })
        )
        this.#paths.push({
          document: name,
          template,
          pattern: new RegExp(`^${source}$`),
          names,
          operations,
        })
      }
    }
  }

  /**
   * The operations an exchange is held to: those of its path and, when it names a version
   * outside the URL of a path without one, those of that version's path, which the service
   * serves it as (namedVersionPath).
   */
  matchExchange(exchange: Exchange): MatchedOperation[] {
    const matched = this.match(exchange.method, exchange.path)
    const versioned = namedVersionPath(exchange)
    return versioned ? [...matched, ...this.match(exchange.method, versioned)] : matched
  }

  /**
   * The operations of every document that answer `method` at `path` (none: undocumented); for a
   * HEAD, the GET operations unless a document lists HEAD.
   */
  match(method: string, path: string): MatchedOperation[] {
    const normalized = documentedPathOf(path)
    const matched: MatchedOperation[] = []
    const wanted = method.toLowerCase()
    for (const entry of this.#paths) {
      // HEAD is the GET without its body (RFC 9110): the router answers it on every GET route
      // and the documents, as OpenAPI documents do, leave it out. It is held to the GET.
      const operation =
        entry.operations[wanted] ?? (wanted === 'head' ? entry.operations.get : undefined)
      const found = operation && entry.pattern.exec(normalized)
      if (!found) continue
      const pathParams = Object.fromEntries(
        entry.names.map((name, index) => [name, safeDecode(found[index + 1])])
      )
      matched.push({
        document: entry.document,
        method: method.toUpperCase(),
        path: entry.template,
        operation,
        pathParams,
        requestPath: normalized,
      })
    }
    // OpenAPI matches a concrete path before a templated one: /sample, not /{id}.
    return matched.filter(
      (candidate) =>
        !matched.some(
          (other) =>
            other.document === candidate.document &&
            Object.keys(other.pathParams).length < Object.keys(candidate.pathParams).length
        )
    )
  }
}

/**
 * A path as the documents list it: without a trailing slash, and v2 for a URL segment written
 * v2.0. The service reads both forms as the listed one, as the documents' description says.
 */
function documentedPathOf(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path
  return trimmed.replace(/^\/api\/v(\d+)\.0(?=\/)/, '/api/v$1')
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
