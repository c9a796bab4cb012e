/**
 * The keys of a parsed JSON body that could reach an object's prototype once the body is copied
 * or merged: `__proto__` anywhere, and `constructor` holding a `prototype`. `JSON.parse` keeps
 * them as plain own keys (harmless until something assigns them elsewhere), and the framework's
 * parser silently drops them, which would turn a field the client sent into a 2xx that ignored
 * it. The API refuses them as fields it does not define. Paths are dotted like validation
 * errors name fields (`items.0.__proto__`); at most `limit` are listed.
 */
export function prototypeKeys(value: unknown, limit: number): string[] {
  const found: string[] = []
  const stack: Array<[unknown, string]> = [[value, '']]
  while (stack.length > 0 && found.length < limit) {
    const [current, path] = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    for (const [key, child] of Object.entries(current)) {
      if (key === '__proto__' || (key === 'constructor' && holdsPrototype(child))) {
        found.push(`${path}${key}`)
        if (found.length === limit) break
      } else stack.push([child, `${path}${key}.`])
    }
  }
  return found
}

function holdsPrototype(value: unknown): boolean {
  return value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype')
}
