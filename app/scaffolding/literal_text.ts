/*
 * JavaScript's reading of literal text, for trees whose parser gives positions in UTF-8 bytes
 * or values otherwise than JavaScript would (swc_estree_builder.ts).
 */

/** Character offsets of a text's UTF-8 byte offsets (the same numbers for ASCII text). */
export function characterOffsets(source: string): (byte: number) => number {
  if (Buffer.byteLength(source) === source.length) return (byte) => byte
  const offsets: number[] = []
  for (let index = 0; index < source.length; index++) {
    const code = source.codePointAt(index)!
    const bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    for (let byte = 0; byte < bytes; byte++) offsets.push(index)
    if (code >= 0x10000) index++
  }
  offsets.push(source.length)
  return (byte) => offsets[byte] ?? source.length
}

const SINGLE_ESCAPES: Record<string, string> = {
  'b': '\b',
  'f': '\f',
  'n': '\n',
  'r': '\r',
  't': '\t',
  'v': '\v',
  '0': '\0',
}

/**
 * A string literal's or template's text between its quotes with its escapes read, as the value
 * JavaScript gives it; null for an escape a template may hold but not cook (`\u{zz}`).
 */
export function unescapeString(text: string): string | null {
  let invalid = false
  const value = text.replace(
    /\\(u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|\r\n|[\s\S])/g,
    (_escape, body: string, braced?: string, unicode?: string, hex?: string) => {
      const code = braced ?? unicode ?? hex
      if (code) return String.fromCodePoint(Number.parseInt(code, 16))
      if (
        body === '\r\n' ||
        body === '\n' ||
        body === '\r' ||
        body === '\u2028' ||
        body === '\u2029'
      )
        return ''
      if (body === 'u' || body === 'x') invalid = true
      return SINGLE_ESCAPES[body] ?? body
    }
  )
  return invalid ? null : value
}

/** The literal's RegExp, or null where this Node.js cannot build it (as ESTree gives it). */
export function regularExpression(pattern: string, flags: string): RegExp | null {
  try {
    return new RegExp(pattern, flags)
  } catch {
    return null
  }
}
