/*
 * JavaScript's reading of literal text, for trees whose parser gives positions in UTF-8 bytes
 * or values otherwise than JavaScript would (swc_estree_builder.ts).
 */

/**
 * Character offsets of a text's UTF-8 byte offsets (the same numbers for ASCII text). A byte
 * order mark at the start is not counted: parsers drop it before they count.
 */
export function characterOffsets(source: string): (byte: number) => number {
  const start = source.startsWith('\uFEFF') ? 1 : 0
  if (Buffer.byteLength(source) === source.length) return (byte) => byte + start
  const offsets: number[] = []
  for (let index = start; index < source.length; index++) {
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
 * JavaScript gives it. A template's line breaks are read as `\n` whatever the file's, and its
 * escapes that cook to nothing (`\u{zz}`, `\1`, a code point past U+10FFFF) make it null.
 */
export function unescapeString(text: string, options: { template?: boolean } = {}): string | null {
  let invalid = false
  const source = options.template ? text.replace(/\r\n?/g, '\n') : text
  const value = source.replace(
    /\\(u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|\r\n|[\s\S])/g,
    (
      _escape,
      body: string,
      braced: string | undefined,
      unicode: string | undefined,
      hex: string | undefined,
      at: number
    ) => {
      const code = braced ?? unicode ?? hex
      if (code) {
        const point = Number.parseInt(code, 16)
        if (point <= 0x10ffff) return String.fromCodePoint(point)
        invalid = true
        return ''
      }
      if (['\r\n', '\n', '\r', '\u2028', '\u2029'].includes(body)) return ''
      // \0 is a character unless a digit follows: then, like \1 to \9, a legacy octal escape,
      // which a template cannot cook. So is \u or \x without its digits.
      const octal = /[1-9]/.test(body) || (body === '0' && /[0-9]/.test(source[at + 2] ?? ''))
      if (body === 'u' || body === 'x' || (options.template && octal)) invalid = true
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
