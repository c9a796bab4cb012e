import { extname } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import type { Options } from 'prettier'

/**
 * The kit's stubs that say `formatted: true` are written in @adonisjs/prettier-config's style:
 * rendered with any names, prettier leaves their text as it is. What they cannot promise is the
 * width of a line, which grows with the names put into it, so text counts as already formatted
 * only while every line fits the print width, or is one prettier cannot break anyway (below).
 * A character beyond ASCII is counted as two columns, the most prettier counts one (a wide
 * character); text with a tab or a line's trailing space is formatted instead.
 *
 * The promise is checked, not trusted: with PANTHEON_VERIFY_HOUSE_STYLE=true (the test suite
 * sets it) every text that passes here is formatted all the same, and a difference fails the
 * command that rendered it (see prettierFormatter).
 */
export function inHouseStyle(path: string, contents: string, config: Options): boolean {
  const width = config.printWidth ?? 80
  // prettier trims trailing spaces, and measures a tab by its width.
  if (/[\t\r]| \n| $/.test(contents)) return false
  const unbreakable = UNBREAKABLE_LINES[extname(path)] ?? []
  const ascii = isAscii(contents)
  let start = 0
  while (start < contents.length) {
    const end = contents.indexOf('\n', start)
    const lineEnd = end === -1 ? contents.length : end
    if (lineEnd - start > width || !ascii) {
      const line = contents.slice(start, lineEnd)
      if (columns(line) > width && !unbreakable.some((pattern) => pattern.test(line))) return false
    }
    start = lineEnd + 1
  }
  return true
}

/** The print width the kit's stubs are written for: @adonisjs/prettier-config's. */
export const HOUSE_PRINT_WIDTH = 100

/** The options the kit's stubs are written for: @adonisjs/prettier-config's (1.x). */
const HOUSE_OPTIONS: Options = {
  trailingComma: 'es5',
  semi: false,
  singleQuote: true,
  useTabs: false,
  quoteProps: 'consistent',
  bracketSpacing: true,
  arrowParens: 'always',
  printWidth: HOUSE_PRINT_WIDTH,
}

/** Whether a config has the house options and no others (its plugins aside: .edge files). */
export function isHouseConfig(config: Options): boolean {
  const options: Options = { ...config }
  delete options.plugins
  return isDeepStrictEqual(options, HOUSE_OPTIONS)
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) >= 0x80) return false
  }
  return true
}

/** At least as many columns as prettier counts for the line. */
export function columns(line: string): number {
  let count = 0
  for (const character of line) count += character.charCodeAt(0) < 0x80 ? 1 : 2
  return count
}

/** Lines prettier leaves as long as they are, and whose length changes nothing around them. */
const SOURCE_LINES = [
  // An import of one name: prettier never breaks it.
  /^import (type )?([\w$]+|\* as [\w$]+|\{ [\w$]+ \}) from '[^'\\]*'$/,
  // A line that is all comment (no code after it): prettier never rewraps one.
  /^\s*(\/\/.*|\/\*\*?(?:(?!\*\/).)*(?:\*\/)?|\*(?: (?:(?!\*\/).)*)?(?:\*\/)?|\*\/)$/,
  // A string literal alone on its line.
  /^\s*'[^'\\]*',?$/,
]
const UNBREAKABLE_LINES: Record<string, RegExp[]> = {
  '.ts': SOURCE_LINES,
  '.js': SOURCE_LINES,
  // A member whose value is a string, in an object laid out one member a line.
  '.json': [/^\s*"[^"\\]*": "[^"\\]*",?$/],
}

/** Set by the test suite: house-style text is formatted anyway, and must come out unchanged. */
export function verifyingHouseStyle(): boolean {
  return process.env.PANTHEON_VERIFY_HOUSE_STYLE === 'true'
}
