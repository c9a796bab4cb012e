import type {
  ApiVersionFacts,
  ContractFacts,
  EntityClassFacts,
  ImportedName,
  InventoryQuestions,
} from './module_inventory_reader.js'
import { ENTITY_BASES } from './module_inventory_reader.js'
import { entityClassProperties } from './entity_class_properties.js'
import {
  isProperty,
  memberName,
  members,
  moduleExportName,
  SourceTree,
  stringValue,
  unwrap,
} from './source_tree.js'
import {
  descendants,
  isNode,
  nameOf,
  textOf,
  type ParseTypeScript,
  type TreeNode,
} from './syntax_tree.js'

/**
 * The module inventory's questions (module_inventory_reader.ts) answered from the ESTree syntax
 * tree of prettier's TypeScript parser, about 40 ms to load where ts-morph loads the whole
 * TypeScript compiler. Every scaffolding command of an app that keeps docs/modules.md reads the
 * inventory to bring that file up to date, so the compiler's load was paid by each of them. A
 * unit test holds this reader and the ts-morph one to the same answers over every source of the
 * reference app, the generators' golden files and the kit's own. A file this parser refuses (a
 * syntax error) is read by the ts-morph reader, which reads what it can.
 */
export class SyntaxTreeInventory implements InventoryQuestions {
  readonly #parse: ParseTypeScript
  readonly #tolerant: () => InventoryQuestions
  #last?: { source: string; program: TreeNode | Error }

  constructor(parse: ParseTypeScript, tolerant: () => InventoryQuestions) {
    this.#parse = parse
    this.#tolerant = tolerant
  }

  imports(source: string, fileName: string): Map<string, ImportedName> {
    const program = this.#program(source)
    if (program instanceof Error) return this.#unparsed(program, fileName).imports(source, fileName)
    return importedNames(program)
  }

  specifiers(source: string, fileName: string): string[] {
    const program = this.#program(source)
    if (program instanceof Error)
      return this.#unparsed(program, fileName).specifiers(source, fileName)
    const statements = program.body as TreeNode[]
    const from = (statement: TreeNode) => (statement.source as TreeNode).value as string
    return [
      ...statements.filter((statement) => statement.type === 'ImportDeclaration').map(from),
      ...statements
        .filter(
          (statement) =>
            (statement.type === 'ExportNamedDeclaration' ||
              statement.type === 'ExportAllDeclaration') &&
            isNode(statement.source)
        )
        .map(from),
    ]
  }

  classReferences(source: string, fileName: string, property: string): string[] | undefined {
    const program = this.#program(source)
    if (program instanceof Error) {
      return this.#unparsed(program, fileName).classReferences(source, fileName, property)
    }
    const file = new SourceTree(program)
    const declaration = file.classes.find((candidate) => file.isDefaultExport(candidate))
    const member =
      declaration &&
      members(declaration).find(
        (candidate) => isProperty(candidate) && memberName(source, candidate) === property
      )
    if (!isNode(member?.value)) return undefined
    const value = unwrap(member.value)
    const elements = value.type === 'ArrayExpression' ? (value.elements as unknown[]) : [value]
    return elements.map((element) => (isNode(element) ? textOf(source, unwrap(element)) : ''))
  }

  apiVersions(source: string, fileName: string): ApiVersionFacts | undefined {
    const program = this.#program(source)
    if (program instanceof Error)
      return this.#unparsed(program, fileName).apiVersions(source, fileName)
    let call: TreeNode | undefined
    for (const node of descendants(program)) {
      if (node.type !== 'CallExpression') continue
      if (textOf(source, node.callee as TreeNode) === 'defineApiVersions') {
        call = node
        break
      }
    }
    // As written: an options object behind `as const` is not read, by either reader.
    const options = call ? (call.arguments as TreeNode[])[0] : undefined
    if (!options || options.type !== 'ObjectExpression') return undefined
    const valueOf = (name: string) => {
      const property = (options.properties as TreeNode[]).find(
        (candidate) => candidate.type === 'Property' && propertyKeyName(source, candidate) === name
      )
      return property && property.kind === 'init' && !property.method && !property.shorthand
        ? (property.value as TreeNode)
        : undefined
    }
    const list = valueOf('versions')
    const versions =
      list?.type === 'ArrayExpression'
        ? (list.elements as unknown[]).flatMap((element) => stringValue(element) ?? [])
        : []
    const defaultVersion = stringValue(valueOf('defaultVersion'))
    return { versions, ...(defaultVersion === undefined ? {} : { defaultVersion }) }
  }

  contracts(source: string, fileName: string): ContractFacts[] {
    const program = this.#program(source)
    if (program instanceof Error)
      return this.#unparsed(program, fileName).contracts(source, fileName)
    const file = new SourceTree(program)
    const found: ContractFacts[] = []
    // Written with `export`, as ts-morph asks it of the statement (a later `export { … }` of the
    // name is not read by either reader; the generators never write one).
    for (const declarator of file.exportedVariables) {
      const call = declarator.init as TreeNode | null
      if (!isNode(call) || call.type !== 'CallExpression') continue
      if (textOf(source, call.callee as TreeNode) !== 'defineIntegrationEvent') continue
      const [typeArgument, versionArgument] = call.arguments as TreeNode[]
      const type = stringValue(typeArgument)
      const version =
        isNode(versionArgument) &&
        versionArgument.type === 'Literal' &&
        typeof versionArgument.value === 'number'
          ? versionArgument.value
          : undefined
      const exportName = nameOf(declarator.id)
      if (type !== undefined && version !== undefined && exportName !== undefined) {
        found.push({ exportName, type, version })
      }
    }
    return found
  }

  entityClasses(source: string, fileName: string): EntityClassFacts[] {
    const program = this.#program(source)
    if (program instanceof Error)
      return this.#unparsed(program, fileName).entityClasses(source, fileName)
    const kitDomain = importedNames(program)
    const file = new SourceTree(program)
    const found: EntityClassFacts[] = []
    for (const declaration of file.classes) {
      const name = nameOf(declaration.id)
      const base = isNode(declaration.superClass)
        ? textOf(source, declaration.superClass)
        : undefined
      const imported = base ? kitDomain.get(base) : undefined
      if (!name || !file.isExported(declaration) || imported?.from !== '@pantheon/kit/domain') {
        continue
      }
      const aggregate = ENTITY_BASES.get(imported.name)
      if (aggregate === undefined) continue
      const properties = entityClassProperties(source, declaration)
      found.push({ name, aggregate, properties })
    }
    return found
  }

  /**
   * The reader of a file this parser refused: ts-morph's, which reads what it can. Without
   * ts-morph installed, the refusal is the answer.
   */
  #unparsed(refusal: Error, fileName: string): InventoryQuestions {
    try {
      return this.#tolerant()
    } catch (error) {
      if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error
      throw new Error(`${fileName} could not be read: ${refusal.message.split('\n')[0]}`)
    }
  }

  /** The file's Program node, or why the parser refused it; the same text is parsed once. */
  #program(source: string): TreeNode | Error {
    if (this.#last?.source !== source) {
      let program: TreeNode | Error
      try {
        program = this.#parse(source)
      } catch (error) {
        program = error instanceof Error ? error : new Error(String(error))
      }
      this.#last = { source, program }
    }
    return this.#last.program
  }
}

/** Each name the file's import declarations bring in, with where from and its name there. */
function importedNames(program: TreeNode): Map<string, ImportedName> {
  const names = new Map<string, ImportedName>()
  for (const statement of program.body as TreeNode[]) {
    if (statement.type !== 'ImportDeclaration') continue
    const from = (statement.source as TreeNode).value as string
    for (const specifier of statement.specifiers as TreeNode[]) {
      const local = nameOf(specifier.local)
      if (!local) continue
      if (specifier.type === 'ImportDefaultSpecifier') names.set(local, { from, name: 'default' })
      if (specifier.type === 'ImportSpecifier') {
        names.set(local, { from, name: moduleExportName(specifier.imported) ?? local })
      }
    }
  }
  return names
}

/**
 * An object literal property's name as ts-morph compares it: an identifier's, or a string or
 * number key as written (`'versions'` keeps its quotes, so it is not the property `versions`).
 */
function propertyKeyName(source: string, property: TreeNode): string | undefined {
  const key = property.key as TreeNode
  if (property.computed) return undefined
  return key.type === 'Identifier' ? (key.name as string) : textOf(source, key)
}
