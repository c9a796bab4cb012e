/** A character the API refuses in every string and key of a body, and why. */
export type InvalidCharacter = 'nul' | 'loneSurrogate'

/**
 * The first character of a parsed JSON value that no field accepts, in a string or a key:
 * - NUL (U+0000): PostgreSQL cannot store it in text (error 22021) while SQLite can;
 * - half of a surrogate pair (`"\ud800"` escaped in the JSON text): it is no character at all,
 *   and a database stores it altered (U+FFFD on PostgreSQL), so what a client reads back would
 *   differ from what it sent.
 * Refused on every database alike. Walks with a stack, not recursion.
 */
export function invalidCharacter(value: unknown): InvalidCharacter | undefined {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const current = stack.pop()
    if (typeof current === 'string') {
      const found = invalidIn(current)
      if (found) return found
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const found = invalidIn(key)
        if (found) return found
        stack.push(child)
      }
    }
  }
  return undefined
}

function invalidIn(text: string): InvalidCharacter | undefined {
  if (text.includes('\u0000')) return 'nul'
  if (!text.isWellFormed()) return 'loneSurrogate'
  return undefined
}
