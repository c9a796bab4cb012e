import {
  ENTITY_NOT_FOUND_HELPERS,
  handlerFacts,
  type AppErrorCall,
  type EndpointRoute,
  type ExportFacts,
  type HandlerFacts,
  type MessageFacts,
  type ModuleFacts,
  type RegistrationFacts,
  type ValidatorField,
} from './module_facts.js'
import {
  descendants,
  isNode,
  nameOf,
  textOf,
  type ParseTypeScript,
  type TreeNode,
} from './syntax_tree.js'
import { memberName, members, isProperty, SourceTree, stringValue } from './source_tree.js'
import { SyntaxTreeValidatorSchema } from './syntax_tree_validator_schema.js'
import { loadTsMorphFacts } from './ts_morph_facts.js'

/**
 * The module facts (module_facts.ts) read from the ESTree syntax tree of prettier's TypeScript
 * parser (syntax_tree.ts). They answer as the ts-morph reader does: a unit test holds both to
 * the same answers over every source of the reference app and the generators' golden files.
 * Two differences are known. A file with a syntax error (a half-written handler) is refused by
 * this parser, where ts-morph reads what it can: such a file is read with ts-morph. And this
 * tree keeps no parentheses, so `(AppError).notFound(…)` reads as `AppError.notFound(…)`, where
 * ts-morph sees another expression; prettier never writes them there.
 */
export class SyntaxTreeFacts implements ModuleFacts {
  readonly #parse: ParseTypeScript
  #last?: { source: string; file: SourceTree | Error }
  #tolerant?: ModuleFacts

  constructor(parse: ParseTypeScript) {
    this.#parse = parse
  }

  message(source: string, fileName: string, className?: string): MessageFacts | undefined {
    const tree = this.#tree(source)
    if (tree instanceof Error)
      return this.#unparsed(tree, fileName).message(source, fileName, className)
    for (const declaration of tree.classes) {
      const name = nameOf(declaration.id)
      if (!name || (className !== undefined && name !== className)) continue
      const base = declaration.superClass
      const baseName = isNode(base) ? textOf(source, base) : undefined
      if (baseName !== 'Command' && baseName !== 'Query') continue
      const typeArguments = (declaration.superTypeArguments ?? declaration.superTypeParameters) as
        { params: TreeNode[] } | undefined
      const resultType = typeArguments?.params[0]
      const hasFromInput = members(declaration).some(
        (member) =>
          member.static === true &&
          ((member.type === 'MethodDefinition' && member.kind === 'method') ||
            isProperty(member)) &&
          memberName(source, member) === 'fromInput'
      )
      return {
        className: name,
        kind: baseName === 'Command' ? 'command' : 'query',
        ...(resultType ? { resultType: textOf(source, resultType).replace(/\s+/g, '') } : {}),
        hasFromInput,
      }
    }
    return undefined
  }

  validatorFields(source: string, fileName: string): ValidatorField[] | undefined {
    const tree = this.#tree(source)
    if (tree instanceof Error)
      return this.#unparsed(tree, fileName).validatorFields(source, fileName)
    return new SyntaxTreeValidatorSchema(source, tree.variables).fields(tree.program)
  }

  handler(source: string, fileName: string): HandlerFacts {
    const tree = this.#tree(source)
    if (tree instanceof Error) return this.#unparsed(tree, fileName).handler(source, fileName)
    return handlerFacts(this.#appErrorCalls(source, tree))
  }

  endpointRoute(source: string, fileName: string): EndpointRoute | undefined {
    const tree = this.#tree(source)
    if (tree instanceof Error) return this.#unparsed(tree, fileName).endpointRoute(source, fileName)
    const ordered = [
      ...tree.classes.filter((declaration) => tree.isDefaultExport(declaration)),
      ...tree.classes.filter((declaration) => !tree.isDefaultExport(declaration)),
    ]
    for (const declaration of ordered) {
      const property = (name: string) =>
        members(declaration).find(
          (member) => isProperty(member) && memberName(source, member) === name
        )?.value
      const method = stringValue(property('method'))
      const path = stringValue(property('path'))
      if (method !== undefined && path !== undefined) {
        const className = nameOf(declaration.id) ?? 'default'
        return { className, method: method.toLowerCase(), path }
      }
    }
    return undefined
  }

  registration(source: string, fileName: string): RegistrationFacts | undefined {
    const tree = this.#tree(source)
    if (tree instanceof Error) return this.#unparsed(tree, fileName).registration(source, fileName)
    const declaration = tree.classes.find((candidate) => tree.isDefaultExport(candidate))
    const className = nameOf(declaration?.id)
    if (!declaration || !className) return undefined
    const bindings = [...descendants(declaration)].flatMap((node) => {
      if (node.type !== 'CallExpression') return []
      const callee = node.callee as TreeNode
      if (callee.type !== 'MemberExpression' || callee.computed) return []
      if (!['singleton', 'bind'].includes(nameOf(callee.property) ?? '')) return []
      const target = callee.object as TreeNode
      const onContainer =
        target.type === 'MemberExpression'
          ? !target.computed && nameOf(target.property) === 'container'
          : textOf(source, target) === 'container'
      const [token] = node.arguments as TreeNode[]
      return onContainer && token ? [textOf(source, token)] : []
    })
    const moduleName = className.endsWith('Module') ? className.slice(0, -6) : undefined
    return {
      className,
      ...(moduleName ? { moduleName } : {}),
      methods: members(declaration)
        .filter((member) => isMethod(member))
        .map((member) => memberName(source, member)),
      bindings,
    }
  }

  exports(source: string, fileName: string): ExportFacts {
    const tree = this.#tree(source)
    if (tree instanceof Error) return this.#unparsed(tree, fileName).exports(source, fileName)
    const named = (declarations: TreeNode[]) =>
      declarations
        .filter((declaration) => tree.isExported(declaration) && !tree.isDefaultExport(declaration))
        .flatMap((declaration) => nameOf(declaration.id) ?? [])
    const defaultClass = tree.classes.find((declaration) => tree.isDefaultExport(declaration))
    const defaultName = nameOf(defaultClass?.id)
    return {
      classes: named(tree.classes),
      functions: named(tree.functions),
      variables: tree.exportedVariables.map((declarator) => {
        const id = declarator.id as TreeNode
        const annotation = id.typeAnnotation as TreeNode | undefined
        // A pattern's range takes in its type annotation: `{ a }: { a: number }` is `{ a }`.
        const end = annotation ? annotation.range[0] : id.range[1]
        return nameOf(id) ?? source.slice(id.range[0], end).trimEnd()
      }),
      ...(defaultName ? { defaultClass: defaultName } : {}),
    }
  }

  calls(source: string, fileName: string, ...names: string[]): boolean {
    // A call names its function: a file without any of the names calls none of them.
    if (!/\\u/.test(source) && !names.some((name) => source.includes(name))) return false
    const tree = this.#tree(source)
    if (tree instanceof Error)
      return this.#unparsed(tree, fileName).calls(source, fileName, ...names)
    return [...descendants(tree.program)].some((node) => {
      if (node.type !== 'CallExpression') return false
      const callee = node.callee as TreeNode
      if (callee.type === 'MemberExpression') {
        return !callee.computed && names.includes(nameOf(callee.property) ?? '')
      }
      return callee.type === 'Identifier' && names.includes(callee.name as string)
    })
  }

  /**
   * The file's tree, or why the parser refused it. Readers ask several questions of one file in
   * a row: the same text is parsed once.
   */
  #tree(source: string): SourceTree | Error {
    if (this.#last?.source !== source) {
      let file: SourceTree | Error
      try {
        file = new SourceTree(this.#parse(source))
      } catch (error) {
        file = error instanceof Error ? error : new Error(String(error))
      }
      this.#last = { source, file }
    }
    return this.#last.file
  }

  /** The reader of a file this parser refused: ts-morph's, which reads what it can. */
  #unparsed(refusal: Error, fileName: string): ModuleFacts {
    this.#tolerant ??= loadTsMorphFacts()
    if (!this.#tolerant) {
      throw new Error(`${fileName} could not be read: ${refusal.message.split('\n')[0]}`)
    }
    return this.#tolerant
  }

  /**
   * `AppError.<kind>(code, …)` calls, and the kit's helpers that answer an entity's 404:
   * `entityNotFound('Product', …)` and `storedForChange('Product', …)` are Product.NotFound.
   */
  #appErrorCalls(source: string, tree: SourceTree): AppErrorCall[] {
    const notFoundHelpers = tree.localNames(ENTITY_NOT_FOUND_HELPERS)
    return [...descendants(tree.program)].flatMap((node) => {
      if (node.type !== 'CallExpression') return []
      const callee = node.callee as TreeNode
      const first = stringValue((node.arguments as TreeNode[])[0])
      if (callee.type === 'Identifier' && notFoundHelpers.has(callee.name as string)) {
        return [{ kind: 'notFound', code: first === undefined ? undefined : `${first}.NotFound` }]
      }
      if (callee.type !== 'MemberExpression' || callee.computed) return []
      if (textOf(source, callee.object as TreeNode) !== 'AppError') return []
      return [{ kind: nameOf(callee.property)!, code: first }]
    })
  }
}

/** A method with a body, or an abstract one: what ts-morph lists as a class's methods. */
function isMethod(member: TreeNode): boolean {
  if (member.type === 'TSAbstractMethodDefinition') return member.kind === 'method'
  if (member.type !== 'MethodDefinition' || member.kind !== 'method') return false
  return (member.value as TreeNode).type !== 'TSEmptyBodyFunctionExpression'
}
