/*
 * Compares two OpenAPI documents of the same API version and lists the changes that would break
 * a client built against the first: a removed operation or success response, a removed field
 * or enum value, a new required request field, a changed type.
 */
type Schema = Record<string, unknown>
type Document = { paths?: Record<string, Record<string, Operation>> }
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete']

function typeOf(schema: Schema): string {
  const type = schema.type
  return Array.isArray(type) ? [...type].sort().join('|') : String(type ?? '')
}

function compareSchemas(
  before: Schema | undefined,
  after: Schema | undefined,
  where: string,
  request: boolean,
  out: string[]
) {
  if (!before) return
  if (!after) {
    out.push(`${where}: the body schema was removed`)
    return
  }
  if (before.type !== undefined && typeOf(before) !== typeOf(after)) {
    out.push(`${where}: type changed from ${typeOf(before)} to ${typeOf(after)}`)
  }
  if (Array.isArray(before.enum)) {
    const kept = new Set(Array.isArray(after.enum) ? after.enum : [])
    for (const value of before.enum) {
      if (!kept.has(value)) out.push(`${where}: enum value ${JSON.stringify(value)} was removed`)
    }
  }
  const beforeProperties = (before.properties ?? {}) as Record<string, Schema>
  const afterProperties = (after.properties ?? {}) as Record<string, Schema>
  for (const [name, schema] of Object.entries(beforeProperties)) {
    if (!(name in afterProperties)) out.push(`${where}.${name}: the field was removed`)
    else compareSchemas(schema, afterProperties[name], `${where}.${name}`, request, out)
  }
  if (request) {
    const wasRequired = new Set((before.required ?? []) as string[])
    for (const name of (after.required ?? []) as string[]) {
      if (!wasRequired.has(name)) out.push(`${where}.${name}: the request field became required`)
    }
  }
  if (before.items)
    compareSchemas(
      before.items as Schema,
      after.items as Schema | undefined,
      `${where}[]`,
      request,
      out
    )
}

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
