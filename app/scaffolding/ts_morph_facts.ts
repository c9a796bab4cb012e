import { createRequire } from 'node:module'
import type { SourceFile } from 'ts-morph'
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
} from './module_facts.js'
import { SourceSyntax, type TsMorph } from './source_syntax.js'
import { ValidatorSchema, type ValidatorField } from './validator_schema.js'

/**
 * The reader, loaded at once (ts-morph is a CommonJS package): for the file prettier's parser
 * refuses. Undefined when ts-morph is not installed.
 */
export function loadTsMorphFacts(): TsMorphFacts | undefined {
  let tsMorph: TsMorph
  try {
    tsMorph = createRequire(import.meta.url)('ts-morph') as TsMorph
  } catch (error) {
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') return undefined
    throw error
  }
  return new TsMorphFacts(new SourceSyntax(tsMorph))
}

/** The module facts (module_facts.ts) read with ts-morph, for an app without prettier. */
export class TsMorphFacts implements ModuleFacts {
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
    return handlerFacts(this.#appErrorCalls(this.#syntax.parse(source, fileName)))
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
  #appErrorCalls(file: SourceFile): AppErrorCall[] {
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
