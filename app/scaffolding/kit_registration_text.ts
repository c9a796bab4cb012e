import type { RegistrationSource } from './registration_source.js'

const NAME = '[A-Za-z_$][\\w$]*'
/** `import { A, B } from '…'`, as the kit writes an import of names. */
const NAMED_IMPORT = new RegExp(`^import \\{ (${NAME}(?:, ${NAME})*) \\} from '[^'\\\\]*'$`)
/** `import catalogIndex from '…'`, the registration's import of its module index. */
const DEFAULT_IMPORT = new RegExp(`^import ${NAME} from '[^'\\\\]*'$`)
/** The method as add-module writes it, empty (`{}`) or holding the bindings below. */
const METHOD_HEADER = /^ {2}protected registerServices\(\): void \{(\})?$/
const METHOD_END = '  }'
/** A binding on one line: `this.app.container.singleton(Token, () => new Impl(this.unitOfWork))`. */
const BINDING = new RegExp(
  `^ {4}this\\.app\\.container\\.singleton\\((${NAME}), \\(\\) => new ${NAME}\\(this\\.unitOfWork\\)\\)$`
)
/** The same binding as prettier wraps it when it is too long for one line. */
const WRAPPED_BINDING = [
  /^ {4}this\.app\.container\.singleton\($/,
  new RegExp(`^ {6}(${NAME}),$`),
  new RegExp(`^ {6}\\(\\) => new ${NAME}\\(this\\.unitOfWork\\)$`),
  /^ {4}\)$/,
]

interface Line {
  text: string
  start: number
  end: number
}

function linesOf(source: string): Line[] {
  const lines: Line[] = []
  let start = 0
  for (const text of source.split('\n')) {
    lines.push({ text, start, end: start + text.length })
    start += text.length + 1
  }
  return lines
}

/**
 * Reads a registration class the kit wrote and nobody edited since (its text is the one
 * generated_files.json records) from its lines, without the TypeScript parser: loading that
 * parser was most of what add-entity took over AdonisJS's own generators. Only the exact layout
 * the kit writes is read: imports first, then a `registerServices()` holding nothing but
 * repository bindings, each on one line or wrapped as prettier wraps it. Anything else answers
 * undefined, and the caller parses the file (registration_source.ts); a unit test holds both
 * readers to the same answer for every layout the kit writes.
 */
export function readKitRegistration(source: string): RegistrationSource | undefined {
  const lines = linesOf(source)
  const importedNames: string[] = []
  let lastImportEnd: number | undefined
  let index = 0
  for (; index < lines.length; index++) {
    const { text, end } = lines[index]
    const named = NAMED_IMPORT.exec(text)
    if (!named && !DEFAULT_IMPORT.test(text)) break
    if (named) importedNames.push(...named[1].split(', '))
    lastImportEnd = end
  }
  if (lines.slice(index).some(({ text }) => text.startsWith('import '))) return undefined
  const headers = lines.filter(({ text }) => METHOD_HEADER.test(text))
  if (headers.length !== 1) return undefined
  const header = headers[0]
  const start = header.start + 2
  const braceAt = header.end - (header.text.endsWith('{}') ? 2 : 1)
  if (header.text.endsWith('{}')) {
    return {
      method: {
        start,
        body: { start: braceAt, end: header.end },
        lastStatementEnd: undefined,
        boundTokens: [],
      },
      importedNames,
      lastImportEnd,
    }
  }
  const boundTokens: string[] = []
  let lastStatementEnd: number | undefined
  let at = lines.indexOf(header) + 1
  while (at < lines.length && lines[at].text !== METHOD_END) {
    const oneLine = BINDING.exec(lines[at].text)
    if (oneLine) {
      boundTokens.push(oneLine[1])
      lastStatementEnd = lines[at].end
      at += 1
      continue
    }
    const wrapped = WRAPPED_BINDING.map((pattern, offset) =>
      pattern.exec(lines[at + offset]?.text ?? '')
    )
    if (wrapped.some((match) => match === null)) return undefined
    boundTokens.push(wrapped[1]![1])
    lastStatementEnd = lines[at + 3].end
    at += 4
  }
  if (at >= lines.length) return undefined
  return {
    method: {
      start,
      body: { start: braceAt, end: lines[at].end },
      lastStatementEnd,
      boundTokens,
    },
    importedNames,
    lastImportEnd,
  }
}
