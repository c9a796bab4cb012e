import type { SourceFile } from 'ts-morph'
import { SourceSyntax, type TsMorph } from './source_syntax.js'
import { ValidatorSchema, type ValidatorField } from './validator_schema.js'

/** The kit's helpers (`@pantheon/kit/application`) whose first argument names an entity that was not found. */
const ENTITY_NOT_FOUND_HELPERS = new Set(['entityNotFound', 'storedForChange'])

export type { ValidatorField } from './validator_schema.js'

/*
 * What the generators need to know about a module's sources, read from their syntax tree
 * (ts-morph), never from regexes over the text: a rule prettier wrapped over several lines, a
 * comment that mentions `vine.create({` or `AppError.notFound(`, double quotes or a generic
 * spread over lines read the same as the generated code. Reading only: nothing here writes.
 * Each source is given as text, so a file that an enclosing command's plan writes is read as it
 * will be, before it is on disk.
 */

/** A command or query class: `class CreateProductCommand extends Command<ProductId>`. */
export interface MessageFacts {
  className: string
  kind: 'command' | 'query'
  /** The type argument of Command<…>/Query<…> without whitespace (`Page<ProductDto>`). */
  resultType?: string
  /** Whether it has `static fromInput(…)`, which generated endpoints call. */
  hasFromInput: boolean
}

/** The failures a handler can answer, from its `AppError.<kind>('<code>', …)` calls. */
export interface HandlerFacts {
  notFoundCodes: string[]
  notImplementedCodes: string[]
  /** Whether it calls AppError.notFound at all, whatever its code. */
  answersNotFound: boolean
}

/** The route an endpoint class declares: `readonly method = 'get'`, `readonly path = '/:id'`. */
export interface EndpointRoute {
  className: string
  method: string
  path: string
}

/** A module's registration class (`export default class CatalogModule`) and its bindings. */
export interface RegistrationFacts {
  className: string
  /** The module's name as written, from the class name: OrderItemsModule → OrderItems. */
  moduleName?: string
  methods: string[]
  /** The tokens bound with `container.singleton(Token, …)` or `container.bind(Token, …)`. */
  bindings: string[]
}

/** What a file exports by name, and its default export when that is a named class. */
export interface ExportFacts {
  classes: string[]
  functions: string[]
  variables: string[]
  defaultClass?: string
}

let loading: Promise<ModuleFacts> | undefined

/**
 * The reader, with ts-morph loaded on first use: it brings the TypeScript compiler, which only
 * the scaffolding commands need (every other `node ace` call, and the app at runtime, never
 * load it).
 */
export function moduleFacts(): Promise<ModuleFacts> {
  loading ??= import('ts-morph').then((tsMorph) => new ModuleFacts(new SourceSyntax(tsMorph)))
  return loading
}

export class ModuleFacts {
  readonly #syntax: SourceSyntax
  readonly #tsMorph: TsMorph

  constructor(syntax: SourceSyntax) {
    this.#syntax = syntax
    this.#tsMorph = syntax.tsMorph
  }

  /** The command or query class of a message file; `className` picks one when there are more. */
  message(source: string, fileName: string, className?: string): MessageFacts | undefined {
    const { Node } = this.#tsMorph
    for (const declaration of this.#syntax.parse(source, fileName).getClasses()) {
      const name = declaration.getName()
      if (!name || (className !== undefined && name !== className)) continue
      const base = declaration.getExtends()
      const baseName = base?.getExpression().getText()
      if (!base || (baseName !== 'Command' && baseName !== 'Query')) continue
      const resultType = base.getTypeArguments()[0]?.getText().replace(/\s+/g, '')
      const hasFromInput = declaration
        .getStaticMethods()
        .some((method) => method.getName() === 'fromInput')
      const hasFromInputProperty = declaration
        .getStaticProperties()
        .some(
          (property) => Node.isPropertyDeclaration(property) && property.getName() === 'fromInput'
        )
      return {
        className: name,
        kind: baseName === 'Command' ? 'command' : 'query',
        ...(resultType === undefined ? {} : { resultType }),
        hasFromInput: hasFromInput || hasFromInputProperty,
      }
    }
    return undefined
  }

  /**
   * The fields of a command's validator: the entries of the object its `vine.create(…)` takes
   * (written inline, as `vine.object({ … })`, or as a constant of the same file; spread constants
   * included). Undefined when the file has no `vine.create(…)` or its schema cannot be read here.
   */
  validatorFields(source: string, fileName: string): ValidatorField[] | undefined {
    return new ValidatorSchema(this.#tsMorph).fields(this.#syntax.parse(source, fileName))
  }

  /** The AppError failures a handler answers. */
  handler(source: string, fileName: string): HandlerFacts {
    const codes = { notFound: [] as string[], notImplemented: [] as string[] }
    let answersNotFound = false
    for (const call of this.#appErrorCalls(this.#syntax.parse(source, fileName))) {
      if (call.kind === 'notFound') answersNotFound = true
      const found = codes[call.kind as keyof typeof codes] as string[] | undefined
      if (found && call.code !== undefined && !found.includes(call.code)) found.push(call.code)
    }
    return {
      notFoundCodes: codes.notFound,
      notImplementedCodes: codes.notImplemented,
      answersNotFound,
    }
  }

  /** The method and path an endpoint file's class declares, when both are string literals. */
  endpointRoute(source: string, fileName: string): EndpointRoute | undefined {
    const file = this.#syntax.parse(source, fileName)
    const classes = file.getClasses()
    const ordered = [
      ...classes.filter((declaration) => declaration.isDefaultExport()),
      ...classes.filter((declaration) => !declaration.isDefaultExport()),
    ]
    for (const declaration of ordered) {
      const method = this.#syntax.stringValue(declaration.getProperty('method')?.getInitializer())
      const path = this.#syntax.stringValue(declaration.getProperty('path')?.getInitializer())
      if (method !== undefined && path !== undefined) {
        return { className: declaration.getName() ?? 'default', method: method.toLowerCase(), path }
      }
    }
    return undefined
  }

  /** The module's registration class: the default-exported class of `<module>_module.ts`. */
  registration(source: string, fileName: string): RegistrationFacts | undefined {
    const { Node, SyntaxKind } = this.#tsMorph
    const declaration = this.#syntax
      .parse(source, fileName)
      .getClasses()
      .find((candidate) => candidate.isDefaultExport())
    const className = declaration?.getName()
    if (!declaration || !className) return undefined
    const bindings = declaration
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .filter((call) => {
        const callee = call.getExpression()
        if (!Node.isPropertyAccessExpression(callee)) return false
        if (!['singleton', 'bind'].includes(callee.getName())) return false
        const target = callee.getExpression()
        return Node.isPropertyAccessExpression(target)
          ? target.getName() === 'container'
          : target.getText() === 'container'
      })
      .map((call) => call.getArguments()[0]?.getText())
      .filter((token): token is string => token !== undefined)
    const moduleName = className.endsWith('Module') ? className.slice(0, -6) : undefined
    return {
      className,
      ...(moduleName ? { moduleName } : {}),
      methods: declaration.getMethods().map((method) => method.getName()),
      bindings,
    }
  }

  /** The names a file exports: classes, functions and variables (arrow functions included). */
  exports(source: string, fileName: string): ExportFacts {
    const file = this.#syntax.parse(source, fileName)
    const defaultClass = file
      .getClasses()
      .find((declaration) => declaration.isDefaultExport())
      ?.getName()
    return {
      classes: file
        .getClasses()
        .filter((declaration) => declaration.isExported() && !declaration.isDefaultExport())
        .map((declaration) => declaration.getName())
        .filter((name): name is string => name !== undefined),
      functions: file
        .getFunctions()
        .filter((declaration) => declaration.isExported() && !declaration.isDefaultExport())
        .map((declaration) => declaration.getName())
        .filter((name): name is string => name !== undefined),
      variables: file
        .getVariableStatements()
        .filter((statement) => statement.isExported())
        .flatMap((statement) =>
          statement.getDeclarations().map((declaration) => declaration.getName())
        ),
      ...(defaultClass ? { defaultClass } : {}),
    }
  }

  /**
   * Whether the file calls a function or method of one of these names
   * (`testUtils.db().migrate()` for `migrate`, `prepareTestDatabases(app)`).
   */
  calls(source: string, fileName: string, ...names: string[]): boolean {
    const { Node, SyntaxKind } = this.#tsMorph
    return this.#syntax
      .parse(source, fileName)
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .some((call) => {
        const callee = call.getExpression()
        if (Node.isPropertyAccessExpression(callee)) return names.includes(callee.getName())
        return Node.isIdentifier(callee) && names.includes(callee.getText())
      })
  }

  /** The names the file calls these imports by: their own, or the alias it imports them as. */
  #localNames(file: SourceFile, imported: ReadonlySet<string>): Set<string> {
    const local = new Set(imported)
    for (const declaration of file.getImportDeclarations()) {
      for (const specifier of declaration.getNamedImports()) {
        const alias = specifier.getAliasNode()?.getText()
        if (alias && imported.has(specifier.getName())) local.add(alias)
      }
    }
    return local
  }

  /**
   * `AppError.<kind>(code, …)` calls, and the kit's helpers that answer an entity's 404:
   * `entityNotFound('Product', …)` and `storedForChange('Product', …)` are Product.NotFound.
   */
  #appErrorCalls(file: SourceFile) {
    const { Node, SyntaxKind } = this.#tsMorph
    const notFoundHelpers = this.#localNames(file, ENTITY_NOT_FOUND_HELPERS)
    return file.getDescendantsOfKind(SyntaxKind.CallExpression).flatMap((call) => {
      const callee = call.getExpression()
      const first = this.#syntax.stringValue(call.getArguments()[0])
      if (Node.isIdentifier(callee) && notFoundHelpers.has(callee.getText())) {
        return [{ kind: 'notFound', code: first === undefined ? undefined : `${first}.NotFound` }]
      }
      if (!Node.isPropertyAccessExpression(callee)) return []
      if (callee.getExpression().getText() !== 'AppError') return []
      return [{ kind: callee.getName(), code: first }]
    })
  }
}
