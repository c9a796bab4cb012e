import { dereference } from '#tests/common/contract/dereference'
import type { Operation, Parameter } from '#tests/common/contract/documented_operations'

/** One operation of a document, its `$ref`s resolved and its path's parameters merged in. */
export interface FuzzedOperation {
  document: string
  method: string
  /** As the document lists it: /api/v2/catalog/{id}. */
  path: string
  parameters: (Parameter & { schema: Record<string, unknown> })[]
  /** The JSON request body's schema, when the operation takes one. */
  bodySchema?: Record<string, unknown>
  /** Each literal segment of the document's paths (`sample`), which no path parameter may be. */
  literalSegments: Set<string>
}

/** Writes before reads and deletes last: reads then find what was written, deleted or not. */
const METHOD_ORDER = ['post', 'put', 'patch', 'get', 'delete']

/** Every operation of `document`, in METHOD_ORDER, then by path. */
export function operationsOf(name: string, document: object): FuzzedOperation[] {
  const paths = (dereference(document) as { paths: Record<string, Record<string, unknown>> }).paths
  const literalSegments = new Set(
    Object.keys(paths).flatMap((path) => path.split('/').filter((part) => !part.includes('{')))
  )
  const found: FuzzedOperation[] = []
  for (const [path, item] of Object.entries(paths)) {
    const shared = (item.parameters as Parameter[] | undefined) ?? []
    for (const method of METHOD_ORDER.filter((candidate) => candidate in item)) {
      const operation = item[method] as Operation
      const own = operation.parameters ?? []
      const parameters = [
        ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
        ...own,
      ].map((parameter) => ({
        ...parameter,
        schema: (parameter.schema ?? {}) as Record<string, unknown>,
      }))
      const bodySchema = operation.requestBody?.content['application/json']?.schema as
        Record<string, unknown> | undefined
      found.push({ document: name, method, path, parameters, bodySchema, literalSegments })
    }
  }
  return found.sort(
    (a, b) =>
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) ||
      a.path.localeCompare(b.path)
  )
}
