import type { Node, SourceFile } from 'ts-morph'

/*
 * The syntax questions the module inventory asks of a module's sources (ts-morph, never regexes):
 * what a registration class declares, which API versions a module has, which integration event
 * contracts a file defines and which contract a consumer takes. Reading only. Each source is
 * given as text; only the last syntax tree is kept.
 */

type TsMorph = typeof import('ts-morph')

/** `export const productCreatedEvent = defineIntegrationEvent<…>('catalog.product_created', 1, …)`. */
export interface ContractFacts {
  exportName: string
  type: string
  version: number
}

/** Where an imported name comes from: its module specifier and its name there. */
interface ImportedName {
  from: string
  name: string
}

/** `defineApiVersions({ versions: ['1.0', '2.0'], defaultVersion: '1.0' })`. */
export interface ApiVersionFacts {
  versions: string[]
  defaultVersion?: string
}

let loading: Promise<InventoryReader> | undefined

/** The reader, with ts-morph loaded on first use (only the commands that read modules need it). */
export function inventoryReader(): Promise<InventoryReader> {
  loading ??= import('ts-morph').then((tsMorph) => new InventoryReader(tsMorph))
  return loading
}

export class InventoryReader {
  #tsMorph: TsMorph
  #project: InstanceType<TsMorph['Project']>
  #current?: SourceFile

  constructor(tsMorph: TsMorph) {
    this.#tsMorph = tsMorph
    this.#project = new tsMorph.Project({
      useInMemoryFileSystem: true,
      skipFileDependencyResolution: true,
    })
  }

  /**
   * Each name a file imports, with the specifier it comes from and its name there:
   * `import { productCreatedEvent as created } from '#modules/…'` gives created → { from, name }.
   */
  imports(source: string, fileName: string): Map<string, ImportedName> {
    const names = new Map<string, ImportedName>()
    for (const declaration of this.#parse(source, fileName).getImportDeclarations()) {
      const from = declaration.getModuleSpecifierValue()
      const defaultImport = declaration.getDefaultImport()
      if (defaultImport) names.set(defaultImport.getText(), { from, name: 'default' })
      for (const named of declaration.getNamedImports()) {
        const local = named.getAliasNode()?.getText() ?? named.getName()
        names.set(local, { from, name: named.getName() })
      }
    }
    return names
  }

  /**
   * The identifiers a property of the file's default-exported class is set to: `publishes =
   * [a, b]` gives [a, b], `static consumes = a` gives [a]. Undefined when there is no such property.
   */
  classReferences(source: string, fileName: string, property: string): string[] | undefined {
    const { Node } = this.#tsMorph
    const declaration = this.#parse(source, fileName)
      .getClasses()
      .find((candidate) => candidate.isDefaultExport())
    const initializer = declaration?.getProperty(property)?.getInitializer()
    if (!initializer) return undefined
    const value = this.#unwrap(initializer)
    const elements = Node.isArrayLiteralExpression(value) ? value.getElements() : [value]
    return elements.map((element) => this.#unwrap(element).getText())
  }

  /** The API versions a `defineApiVersions({ … })` call of the file declares. */
  apiVersions(source: string, fileName: string): ApiVersionFacts | undefined {
    const { Node, SyntaxKind } = this.#tsMorph
    const call = this.#parse(source, fileName)
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .find((candidate) => candidate.getExpression().getText() === 'defineApiVersions')
    const options = call?.getArguments()[0]
    if (!Node.isObjectLiteralExpression(options)) return undefined
    const valueOf = (name: string) => {
      const property = options.getProperty(name)
      return Node.isPropertyAssignment(property) ? property.getInitializer() : undefined
    }
    const list = valueOf('versions')
    const versions = Node.isArrayLiteralExpression(list)
      ? list.getElements().flatMap((element) => this.#stringValue(element) ?? [])
      : []
    const defaultVersion = this.#stringValue(valueOf('defaultVersion'))
    return { versions, ...(defaultVersion === undefined ? {} : { defaultVersion }) }
  }

  /** The integration event contracts a file exports (`defineIntegrationEvent(type, version, …)`). */
  contracts(source: string, fileName: string): ContractFacts[] {
    const { Node } = this.#tsMorph
    const found: ContractFacts[] = []
    for (const statement of this.#parse(source, fileName).getVariableStatements()) {
      if (!statement.isExported()) continue
      for (const declaration of statement.getDeclarations()) {
        const call = declaration.getInitializer()
        if (!Node.isCallExpression(call)) continue
        if (call.getExpression().getText() !== 'defineIntegrationEvent') continue
        const [typeArgument, versionArgument] = call.getArguments()
        const type = this.#stringValue(typeArgument)
        const version = Node.isNumericLiteral(versionArgument)
          ? versionArgument.getLiteralValue()
          : undefined
        if (type !== undefined && version !== undefined) {
          found.push({ exportName: declaration.getName(), type, version })
        }
      }
    }
    return found
  }

  #parse(source: string, fileName: string): SourceFile {
    if (this.#current && !this.#current.wasForgotten()) {
      this.#project.removeSourceFile(this.#current)
    }
    this.#current = this.#project.createSourceFile(fileName, source, { overwrite: true })
    return this.#current
  }

  /** The expression inside `x as const`, `x satisfies T` and parentheses. */
  #unwrap(node: Node): Node {
    const { Node } = this.#tsMorph
    if (
      Node.isAsExpression(node) ||
      Node.isSatisfiesExpression(node) ||
      Node.isParenthesizedExpression(node)
    ) {
      return this.#unwrap(node.getExpression())
    }
    return node
  }

  #stringValue(node: Node | undefined): string | undefined {
    const { Node } = this.#tsMorph
    if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) {
      return node.getLiteralValue()
    }
    return undefined
  }
}
