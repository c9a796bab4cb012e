/**
 * A copy of an OpenAPI document with every local `$ref` ("#/components/…") replaced by what it
 * points to, so a schema can be compiled on its own. The documents the kit writes have no
 * recursive references; a cycle stops with an error rather than looping.
 */
export function dereference<T>(document: T): T {
  const root = document as unknown
  const resolve = (node: unknown, trail: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, trail))
    if (typeof node !== 'object' || node === null) return node
    const record = node as Record<string, unknown>
    if (typeof record.$ref === 'string') {
      const pointer = record.$ref
      if (!pointer.startsWith('#/')) throw new Error(`Only local references are read: ${pointer}`)
      if (trail.includes(pointer)) throw new Error(`Recursive reference: ${pointer}`)
      return resolve(target(root, pointer), [...trail, pointer])
    }
    return Object.fromEntries(
      Object.entries(record).map(([key, value]) => [key, resolve(value, trail)])
    )
  }
  return resolve(document, []) as T
}

function target(root: unknown, pointer: string): unknown {
  let node = root
  for (const part of pointer.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~')
    node = (node as Record<string, unknown> | undefined)?.[key]
    if (node === undefined) throw new Error(`Nothing at ${pointer}`)
  }
  return node
}
