import { columns, HOUSE_PRINT_WIDTH } from './house_style.js'

/**
 * A chain of calls (`vine.number({ strict: true }).use(maxDecimalPlaces(4))`) laid out as
 * prettier lays it out after `prefix` on its line, before a comma: on one line when it fits,
 * else its head, then one call a line, indented once more than the line it starts on. A chain of
 * three calls or more whose arguments nest a literal in a literal (`{ formats: ['YYYY-MM-DD'] }`)
 * is broken so even when it fits. Undefined where prettier decides by rules this does not
 * follow: a function among the arguments, other nesting, or fewer than three calls that do not
 * fit (prettier breaks their arguments instead).
 */
export function memberChain(prefix: string, expression: string): string | undefined {
  if (/=>|\bfunction\b/.test(expression) || hasSlashOutsideQuotes(expression)) return undefined
  const [head, ...calls] = chainSegments(expression)
  const isChain = calls.length >= 3 && calls.every((call) => CALL.test(call))
  const nesting = isChain ? Math.max(...calls.map(argumentNesting)) : 0
  if (nesting === UNKNOWN) return undefined
  const fits = columns(`${prefix}${expression},`) <= HOUSE_PRINT_WIDTH
  if (fits && nesting !== NESTED_LITERAL) return expression
  if (!isChain) return undefined
  const indentation = `${/^ */.exec(prefix)![0]}  `
  const lines = calls.map((call) => `${indentation}${call}`)
  if (columns(`${lines.at(-1)},`) > HOUSE_PRINT_WIDTH) return undefined
  if (lines.some((line) => columns(line) > HOUSE_PRINT_WIDTH)) return undefined
  return [head, ...lines].join('\n')
}

/**
 * A regular expression (prettier counts one of more than five characters as a complex argument)
 * or a division: neither is laid out here. A quote inside a regular expression would also be
 * read as the start of a string.
 */
function hasSlashOutsideQuotes(expression: string): boolean {
  let found = false
  forEachCode(expression, (character) => {
    if (character === '/') found = true
  })
  return found
}

const CALL = /^\.[A-Za-z_$][\w$]*\([\s\S]*\)$/

const FLAT = 0
const NESTED_LITERAL = 1
const UNKNOWN = 2

/**
 * How a call's arguments nest: FLAT when nothing is nested deeper than one bracket (a literal,
 * or a call of plain values, `maxDecimalPlaces(4)`), NESTED_LITERAL for an array or object
 * inside an array or object, UNKNOWN for anything deeper.
 */
function argumentNesting(call: string): number {
  const open = call.indexOf('(')
  const stack: string[] = []
  let nesting = FLAT
  forEachCode(call.slice(open + 1, -1), (character) => {
    if ('([{'.includes(character)) {
      stack.push(character)
      if (stack.length === 2) {
        const literal = (c: string) => c === '[' || c === '{'
        nesting = Math.max(
          nesting,
          literal(stack[0]) && literal(character) ? NESTED_LITERAL : UNKNOWN
        )
      } else if (stack.length > 2) {
        nesting = UNKNOWN
      }
    } else if (')]}'.includes(character)) {
      stack.pop()
    }
  })
  return nesting
}

/** Calls `visit` with each character outside quotes, and its index. */
function forEachCode(text: string, visit: (character: string, index: number) => void) {
  let quote: string | undefined
  for (let index = 0; index < text.length; index++) {
    const character = text[index]
    if (quote) {
      if (character === '\\') index++
      else if (character === quote) quote = undefined
    } else if (character === "'" || character === '"' || character === '`') {
      quote = character
    } else {
      visit(character, index)
    }
  }
}

/** `a.b(1).c('x.y')` → `a`, `.b(1)`, `.c('x.y')`: split at the dots outside brackets and quotes. */
function chainSegments(expression: string): string[] {
  const segments: string[] = []
  let depth = 0
  let start = 0
  forEachCode(expression, (character, index) => {
    if ('([{'.includes(character)) depth++
    else if (')]}'.includes(character)) depth--
    else if (character === '.' && depth === 0 && index > start) {
      segments.push(expression.slice(start, index))
      start = index
    }
  })
  segments.push(expression.slice(start))
  return segments
}
