/**
 * The nesting depth of a JSON text, read character by character (strings skipped), so that a
 * document nested 100,000 deep is measured without parsing it: V8's JSON.parse and AdonisJS's
 * copy of the parsed body both recurse, and overflow the stack on such documents.
 * Stops counting once past `limit`.
 */
export function jsonTextDepth(text: string, limit: number): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 0x5c)
        index++ // a backslash escapes the next character
      else if (char === 0x22) inString = false
      continue
    }
    if (char === 0x22) inString = true
    else if (char === 0x5b || char === 0x7b) {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > limit) return deepest
    } else if (char === 0x5d || char === 0x7d) depth--
  }
  return deepest
}

/**
 * Whether a parsed JSON value holds the NUL character (U+0000) in a string or a key: PostgreSQL
 * cannot store it in text (error 22021) while SQLite can, so the API refuses it on both.
 * Walks with a stack, not recursion.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const current = stack.pop()
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return true
        stack.push(child)
      }
    }
  }
  return false
}
