/*
 * Compares two OpenAPI documents of the same API version and lists the changes that would break
 * a client built against the first: a removed operation or success response, a removed field
 * or enum value, a new required request field, a changed type.
 */
import { compareSchemas, type Schema } from './json_schema_breaking_changes.js'

type Document = { paths?: Record<string, Record<string, Operation>> }
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete']

function jsonSchema(container: { content?: Record<string, { schema?: Schema }> } | undefined) {
  return container?.content?.['application/json']?.schema
}

export function findBreakingChanges(beforeDocument: object, afterDocument: object): string[] {
  const before = beforeDocument as Document
  const after = afterDocument as Document
  const changes: string[] = []
  for (const [path, operations] of Object.entries(before.paths ?? {})) {
    for (const method of HTTP_METHODS.filter((m) => m in operations)) {
      const where = `${method.toUpperCase()} ${path}`
      const previous = operations[method]
      const next = after.paths?.[path]?.[method]
      if (!next) {
        changes.push(`${where}: the operation was removed`)
        continue
      }
      compareSchemas(
        jsonSchema(previous.requestBody),
        jsonSchema(next.requestBody),
        `${where} request`,
        true,
        changes
      )
      for (const [status, response] of Object.entries(previous.responses ?? {})) {
        if (!status.startsWith('2')) continue
        const current = next.responses?.[status]
        if (!current) {
          changes.push(`${where}: the ${status} response was removed`)
          continue
        }
        compareSchemas(
          jsonSchema(response),
          jsonSchema(current),
          `${where} ${status}`,
          false,
          changes
        )
      }
    }
  }
  return changes
}
