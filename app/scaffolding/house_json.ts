import { columns, HOUSE_PRINT_WIDTH } from './house_style.js'

/**
 * JSON as prettier writes it with the kit's config, so that the scaffolding commands' records
 * (generated_files.json, schema_snapshot.json) need no formatting: every object one member a
 * line, an array of plain values on one line when it fits the print width and one value a line
 * when not, an array holding objects one a line. Two shapes it does not lay out as prettier
 * would, an array holding arrays and numbers that do not fit one line (prettier fills lines with
 * them), never occur in those records; such a value is written as JSON.stringify writes it.
 */
export function houseJson(value: unknown): string {
  return `${render(value, '', '', '') ?? JSON.stringify(value, null, 2)}\n`
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
  if (columns(`${prefix}${oneLine}${suffix}`) <= HOUSE_PRINT_WIDTH) return oneLine
  return items.every((item) => typeof item === 'number') ? undefined : expanded(texts)
}
