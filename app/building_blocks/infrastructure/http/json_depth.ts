/** Deeper than any document the API accepts; deeper bodies are refused before any handler. */
export const MAX_JSON_DEPTH = 32

/** The nesting depth of a parsed JSON value, without recursion (a body may nest 100,000 deep). */
export function jsonDepth(value: unknown): number {
  let deepest = 0
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    deepest = Math.max(deepest, depth)
    if (deepest > MAX_JSON_DEPTH) return deepest
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return deepest
}
