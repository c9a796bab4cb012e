/**
 * A JSON Schema `pattern` (ECMA-262, as JSON Schema specifies) matching a text whose trimmed
 * form has `min` to `max` characters, or undefined when any text does. `\s` is exactly the set
 * of characters String.prototype.trim() removes, so the pattern and VineJS's `trim()` agree.
 *
 * The trimmed text starts and ends with a non-space character; the surrounding spaces are the
 * `\s*` on both sides. Without lookarounds, so validators whose regular expressions lack them
 * can still check it. With only a lower bound of 1 it is the short, readable `\S`.
 */
export function trimmedLengthPattern(min: number, max?: number): string | undefined {
  if (max === undefined) {
    if (min <= 0) return undefined
    if (min === 1) return '\\S'
    return `^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$`
  }
  // No text has such a length: a class that matches no character.
  if (min > max) return '[^\\s\\S]'
  const shapes: string[] = []
  if (min <= 1 && max >= 1) shapes.push('\\S')
  if (max >= 2) shapes.push(`\\S[\\s\\S]{${Math.max(min - 2, 0)},${max - 2}}\\S`)
  if (shapes.length === 0) return '^\\s*$'
  const text = shapes.length === 1 ? shapes[0] : `(?:${shapes.join('|')})`
  const group = text.startsWith('(?:') ? text : `(?:${text})`
  return min <= 0 ? `^\\s*${group}?\\s*$` : `^\\s*${text}\\s*$`
}
