export type Schema = Record<string, unknown>

function typeOf(schema: Schema): string {
  const type = schema.type
  return Array.isArray(type) ? [...type].sort().join('|') : String(type ?? '')
}

/**
 * Adds to `out` what in `after` breaks a reader or writer of `before`: a removed field or enum
 * value, a changed type and, where `request` (the schema checks what clients send), a field
 * that became required. Shared by the OpenAPI and AsyncAPI checks, so both judge alike.
 */
export function compareSchemas(
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
      if (!wasRequired.has(name)) out.push(`${where}.${name}: the field became required`)
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
