import type { Node, SourceFile } from 'ts-morph'

export type TsMorph = typeof import('ts-morph')

/**
 * One in-memory ts-morph project that parses sources given as text, one at a time (only the
 * last syntax tree is kept), and the small readings every source reader needs. ModuleFacts and
 * InventoryReader ask their questions of it.
 */
export class SourceSyntax {
  readonly #project: InstanceType<TsMorph['Project']>
  #current?: SourceFile
  #currentName?: string

  constructor(readonly tsMorph: TsMorph) {
    this.#project = new tsMorph.Project({
      useInMemoryFileSystem: true,
      skipFileDependencyResolution: true,
      // The readings ask only which declarations a file exports: its own symbols, never the
      // standard library's, whose declaration files took a third of a second to parse.
      compilerOptions: { noLib: true },
    })
  }

  /** The syntax tree of `source`, named `fileName` (`.ts` added when it has no script extension). */
  parse(source: string, fileName: string): SourceFile {
    const name = /\.[cm]?[jt]sx?$/.test(fileName) ? fileName : `${fileName}.ts`
    // Readers ask several questions of one file in a row (add-endpoint: its exports, then its
    // message): the tree of the same, unchanged text is parsed once.
    if (this.#current && !this.#current.wasForgotten()) {
      if (this.#currentName === name && this.#current.getFullText() === source) {
        return this.#current
      }
      this.#project.removeSourceFile(this.#current)
    }
    this.#current = this.#project.createSourceFile(name, source, { overwrite: true })
    this.#currentName = name
    return this.#current
  }

  /** The expression inside `x as const`, `x satisfies T` and parentheses. */
  unwrap(node: Node): Node {
    const { Node } = this.tsMorph
    if (
      Node.isAsExpression(node) ||
      Node.isSatisfiesExpression(node) ||
      Node.isParenthesizedExpression(node)
    ) {
      return this.unwrap(node.getExpression())
    }
    return node
  }

  /** A string literal's value (quotes of any kind, a template without substitutions). */
  stringValue(node: Node | undefined): string | undefined {
    const { Node } = this.tsMorph
    const literal = node && this.unwrap(node)
    if (Node.isStringLiteral(literal) || Node.isNoSubstitutionTemplateLiteral(literal)) {
      return literal.getLiteralValue()
    }
    return undefined
  }
}
