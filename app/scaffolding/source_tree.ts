import { isNode, nameOf, textOf, type TreeNode } from './syntax_tree.js'

/*
 * What the readers on prettier's parser (syntax_tree_facts.ts, syntax_tree_inventory.ts) ask of
 * a file's top level and of its classes, alike.
 */

/** One parsed file: its top-level declarations and what it exports. */
export class SourceTree {
  readonly classes: TreeNode[] = []
  readonly functions: TreeNode[] = []
  /** Top-level `const`/`let`/`var` declarators by name, exported or not. */
  readonly variables = new Map<string, TreeNode>()
  /** The declarators of variable statements written with `export`. */
  readonly exportedVariables: TreeNode[] = []
  readonly #exportedNames = new Set<string>()
  readonly #defaultNames = new Set<string>()
  readonly #exportedDeclarations = new Set<TreeNode>()
  readonly #defaultDeclaration?: TreeNode
  readonly #imports: TreeNode[] = []

  constructor(readonly program: TreeNode) {
    for (const statement of program.body as TreeNode[]) {
      const exported = statement.type === 'ExportNamedDeclaration'
      const isDefault = statement.type === 'ExportDefaultDeclaration'
      const declaration = isNode(statement.declaration) ? statement.declaration : statement
      if (isDefault) this.#defaultDeclaration = declaration
      if (exported) this.#exportedDeclarations.add(declaration)
      if (statement.type === 'ImportDeclaration') this.#imports.push(statement)
      if (isDefault && declaration.type === 'Identifier') {
        this.#defaultNames.add(declaration.name as string)
      }
      if (exported && !statement.source) {
        for (const specifier of (statement.specifiers ?? []) as TreeNode[]) {
          const local = nameOf(specifier.local)
          if (!local) continue
          if (moduleExportName(specifier.exported) === 'default') this.#defaultNames.add(local)
          else this.#exportedNames.add(local)
        }
      }
      if (declaration.type === 'ClassDeclaration') this.classes.push(declaration)
      if (declaration.type === 'FunctionDeclaration') this.functions.push(declaration)
      // `declare function f(): void`; an overload's signature, also a TSDeclareFunction, is not.
      if (declaration.type === 'TSDeclareFunction' && declaration.declare) {
        this.functions.push(declaration)
      }
      if (statement.type === 'TSExportAssignment') {
        const name = nameOf(statement.expression)
        if (name) this.#exportedNames.add(name)
      }
      if (declaration.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations as TreeNode[]) {
          const name = nameOf(declarator.id)
          if (name && !this.variables.has(name)) this.variables.set(name, declarator)
          if (exported) this.exportedVariables.push(declarator)
        }
      }
    }
  }

  isDefaultExport(declaration: TreeNode): boolean {
    if (declaration === this.#defaultDeclaration) return true
    const name = nameOf(declaration.id)
    return name !== undefined && this.#defaultNames.has(name)
  }

  /** Written with `export`, or named in an `export { … }` of the file's own. */
  isExported(declaration: TreeNode): boolean {
    if (this.#exportedDeclarations.has(declaration) || this.isDefaultExport(declaration)) {
      return true
    }
    const name = nameOf(declaration.id)
    return name !== undefined && this.#exportedNames.has(name)
  }

  /** The names the file calls these imports by: their own, or the alias it imports them as. */
  localNames(imported: ReadonlySet<string>): Set<string> {
    const local = new Set(imported)
    for (const declaration of this.#imports) {
      for (const specifier of declaration.specifiers as TreeNode[]) {
        if (specifier.type !== 'ImportSpecifier') continue
        const name = moduleExportName(specifier.imported)
        const alias = nameOf(specifier.local)
        if (name && alias && alias !== name && imported.has(name)) local.add(alias)
      }
    }
    return local
  }
}

/** A class's members (methods, properties, accessors), in order. */
export function members(declaration: TreeNode): TreeNode[] {
  return (declaration.body as TreeNode).body as TreeNode[]
}

/** A property declaration, `accessor` ones included (ts-morph lists them as properties too). */
export function isProperty(member: TreeNode): boolean {
  return member.type === 'PropertyDefinition' || member.type === 'AccessorProperty'
}

/** A member's name as written: `name`, `'quoted'`, `#private`, `[computed]`. */
export function memberName(source: string, member: TreeNode): string {
  const key = member.key as TreeNode
  if (member.computed) {
    // As written, brackets and spaces included: `[ Symbol.iterator ]`.
    const open = source.lastIndexOf('[', key.range[0])
    return source.slice(open, source.indexOf(']', key.range[1]) + 1)
  }
  if (key.type === 'PrivateIdentifier') return `#${key.name as string}`
  return nameOf(key) ?? textOf(source, key)
}

/** An import or export specifier's name: an identifier, or a string (`export { a as 'b' }`). */
export function moduleExportName(node: unknown): string | undefined {
  if (!isNode(node)) return undefined
  return node.type === 'Literal' ? String(node.value) : nameOf(node)
}

/** The expression inside `x as const` and `x satisfies T` (the tree keeps no parentheses). */
export function unwrap(node: TreeNode): TreeNode {
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') {
    return unwrap(node.expression as TreeNode)
  }
  return node
}

/** A string literal's value (quotes of any kind, a template without substitutions). */
export function stringValue(node: unknown): string | undefined {
  if (!isNode(node)) return undefined
  const literal = unwrap(node)
  if (literal.type === 'Literal' && typeof literal.value === 'string') return literal.value
  if (literal.type === 'TemplateLiteral' && (literal.expressions as unknown[]).length === 0) {
    const [quasi] = literal.quasis as Array<{ value: { cooked: string } }>
    return quasi.value.cooked
  }
  return undefined
}
