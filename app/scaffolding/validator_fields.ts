/**
 * The fields a command's validator requires, read from its source: the top-level entries of
 * its `vine.create({ ... })` whose rule does not end in `.optional()`. The source is read as
 * text (the validator may be planned, not yet written), so entries are split on the commas
 * outside any bracket or string: a rule prettier wrapped over several lines, or one holding
 * commas of its own (`range([-1, 1])`, a nested `vine.object({ ... })`), is one entry.
 * Comments are skipped. Undefined when the source has no `vine.create({`.
 */
export function requiredValidatorFields(source: string): string[] | undefined {
  const start = /\bvine\.create\(\s*\{/.exec(source)
  if (!start) return undefined
  const entries = topLevelEntries(source, start.index + start[0].length)
  const required: string[] = []
  for (const entry of entries) {
    const colon = entry.indexOf(':')
    if (colon === -1) continue
    const rule = entry.slice(colon + 1).replace(/\s+/g, '')
    if (!rule.endsWith('.optional()')) required.push(entry.slice(0, colon).trim())
  }
  return required
}

const OPENING = new Set(['(', '[', '{'])
const CLOSING = new Set([')', ']', '}'])

/** The comma-separated entries of the object literal whose body starts at `from`. */
function topLevelEntries(source: string, from: number): string[] {
  const entries: string[] = []
  let depth = 0
  let quote: string | undefined
  let entry = ''
  for (let index = from; index < source.length; index++) {
    const char = source[index]
    if (quote) {
      if (char === '\\') {
        entry += char + source[++index]
        continue
      }
      if (char === quote) quote = undefined
    } else if (char === "'" || char === '"' || char === '`') {
      quote = char
    } else if (source.startsWith('//', index)) {
      index = source.indexOf('\n', index)
      if (index === -1) break
      continue
    } else if (source.startsWith('/*', index)) {
      index = source.indexOf('*/', index) + 1
      if (index === 0) break
      continue
    } else if (OPENING.has(char)) {
      depth++
    } else if (CLOSING.has(char)) {
      if (depth === 0) break
      depth--
    } else if (char === ',' && depth === 0) {
      entries.push(entry)
      entry = ''
      continue
    }
    entry += char
  }
  if (entry.trim()) entries.push(entry)
  return entries.filter((candidate) => candidate.trim() !== '')
}
