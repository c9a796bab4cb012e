import { CHARACTER_NAMES, LATIN_TWINS } from './latin_twins.js'

const PRINTABLE_ASCII = /^[ -~]$/
/** What NFKD splits off a letter: accents and other combining marks. */
const MARK = /^\p{M}$/u
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u
/** How many characters an error names before it says how many more there are. */
const NAMED_AT_MOST = 5

/**
 * The ASCII spelling of one character once NFKD has split it (`é` is `e` and a mark, `ﬁ` is
 * `fi`, a full-width `Ａ` is `A`): itself when ASCII, nothing for a mark, its Latin twin
 * (latin_twins.ts), a space (a word break, as `-` and `_` are) for anything that is not a letter
 * or digit, or undefined for a letter or digit with no ASCII spelling.
 */
function asciiSpelling(character: string): string | undefined {
  if (PRINTABLE_ASCII.test(character)) return character
  if (MARK.test(character)) return ''
  const twin = LATIN_TWINS.get(character)
  if (twin !== undefined) return twin
  return LETTER_OR_DIGIT.test(character) ? undefined : ' '
}

/**
 * A PascalCase spelling of what was typed, or undefined when none is sensible: `Ördersé` →
 * `Orderse`, `order-items` → `OrderItems`, `Сatalog` with a Cyrillic С → `Catalog`. A name
 * holding a letter with no ASCII spelling (`注文`, a Cyrillic л) gets none: dropping the letter
 * would suggest another word.
 */
export function suggestPascalCase(name: string): string | undefined {
  let ascii = ''
  for (const character of name.normalize('NFKD')) {
    const spelling = asciiSpelling(character)
    if (spelling === undefined) return undefined
    ascii += spelling
  }
  const pascal = ascii
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')
    .replace(/^[0-9]+/, '')
  return pascal === '' ? undefined : pascal
}

/** `'С' (U+0421, CYRILLIC CAPITAL LETTER ES)`, or `'é' (U+00E9)` when its name is not known here. */
function describeCharacter(character: string): string {
  const codePoint = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
  const name = CHARACTER_NAMES.get(character)
  return `'${character}' (${name === undefined ? codePoint : `${codePoint}, ${name}`})`
}

/**
 * The characters of a name outside ASCII, each once, with their code points: a look-alike or an
 * invisible character is why a name that looks right is refused. Undefined when there is none.
 */
export function describeNonAscii(name: string): string | undefined {
  const characters = [...new Set(name)].filter((character) => !PRINTABLE_ASCII.test(character))
  if (characters.length === 0) return undefined
  const named = characters.slice(0, NAMED_AT_MOST).map(describeCharacter).join(', ')
  const more = characters.length - NAMED_AT_MOST
  return more > 0 ? `${named} and ${more} more` : named
}
