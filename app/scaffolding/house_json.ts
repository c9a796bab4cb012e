import { columns, HOUSE_PRINT_WIDTH } from './house_style.js'

/**
 * JSON as prettier writes it with the kit's config, so that the scaffolding commands' records
 * (generated_files.json, schema_snapshot.json) need no formatting: every object one member a
 * line, an array of plain values on one line when it fits the print width and one value a line
 * when not, an array holding objects one a line. Undefined for what it cannot tell prettier's
 * layout of: an array holding arrays, numbers that do not fit one line (prettier fills lines
 * with them), and a list beyond ASCII near the print width (prettier measures such characters
 * by their display width); the records are then written as JSON.stringify writes them, and go
 * through prettier (isHouseJson).
 */
export function houseJson(value: unknown): string | undefined {
  const text = render(value, '', '', '')
  return text === undefined ? undefined : `${text}\n`
}

/** Whether a JSON text is what houseJson writes for its value, and so what prettier writes. */
export function isHouseJson(text: string): boolean {
  try {
    return houseJson(JSON.parse(text)) === text
  } catch {
    return false
  }
}

/** The text of `value`, which starts after `prefix` and is followed by `suffix` on its line. */
function render(
  value: unknown,
  indent: string,
  prefix: string,
  suffix: string
): string | undefined {
  if (Array.isArray(value)) return renderArray(value, indent, prefix, suffix)
  if (value !== null && typeof value === 'object') return renderObject(value, indent)
  return JSON.stringify(value)
}

function renderObject(value: object, indent: string): string | undefined {
  const entries = Object.entries(value).filter(([, member]) => member !== undefined)
  if (entries.length === 0) return '{}'
  const inner = `${indent}  `
  const members: string[] = []
  for (const [index, [key, member]] of entries.entries()) {
    const prefix = `${inner}${JSON.stringify(key)}: `
    const text = render(member, inner, prefix, index < entries.length - 1 ? ',' : '')
    if (text === undefined) return undefined
    members.push(`${prefix}${text}`)
  }
  return `{\n${members.join(',\n')}\n${indent}}`
}

function renderArray(
  items: unknown[],
  indent: string,
  prefix: string,
  suffix: string
): string | undefined {
  if (items.length === 0) return '[]'
  const inner = `${indent}  `
  const expanded = (texts: string[]) => `[\n${texts.map((t) => inner + t).join(',\n')}\n${indent}]`
  if (items.some((item) => Array.isArray(item))) return undefined
  // A member breaks its object's line, and so the list's; an empty object is written as `{}`.
  const hasMembers = (item: unknown) =>
    item !== null && typeof item === 'object' && Object.values(item).some((v) => v !== undefined)
  if (items.some(hasMembers)) {
    const texts = items.map((item) => render(item, inner, inner, ''))
    return texts.every((text) => text !== undefined) ? expanded(texts as string[]) : undefined
  }
  const texts = items.map((item) => render(item, inner, '', '') as string)
  const oneLine = `[${texts.join(', ')}]`
  const line = `${prefix}${oneLine}${suffix}`
  // columns() counts a character beyond ASCII as two, the most prettier does: a line within the
  // width fits for sure; one beyond it may fit as prettier measures it.
  if (columns(line) <= HOUSE_PRINT_WIDTH) return oneLine
  if (line.length !== columns(line)) return undefined
  return items.every((item) => typeof item === 'number') ? undefined : expanded(texts)
}
