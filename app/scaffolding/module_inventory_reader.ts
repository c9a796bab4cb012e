import { createRequire } from 'node:module'
import type { TypeNode } from 'ts-morph'
import { SourceSyntax, type TsMorph } from './source_syntax.js'
import { sourceReaderLoader, type SourceParser } from './source_reader_loader.js'

/*
 * The syntax questions the module inventory asks of a module's sources (ts-morph, never regexes):
 * what a registration class declares, which API versions a module has, which integration event
 * contracts a file defines and which contract a consumer takes. Reading only. Each source is
 * given as text; only the last syntax tree is kept.
 */

/** `export const productCreatedEvent = defineIntegrationEvent<…>('catalog.product_created', 1, …)`. */
export interface ContractFacts {
  exportName: string
  type: string
  version: number
}

/** A property of an entity class written by hand: its name, its type as written, whether it may be absent. */
export interface ClassPropertyFacts {
  name: string
  type: string
  optional: boolean
}

/** An entity class written by hand (no definition file): `class Product extends AggregateRoot<…>`. */
export interface EntityClassFacts {
  name: string
  aggregate: boolean
  properties: ClassPropertyFacts[]
}

/** The kit's base classes of entities, as `@pantheon/kit/domain` exports them. */
export const ENTITY_BASES: ReadonlyMap<string, boolean> = new Map([
  ['AggregateRoot', true],
  ['Entity', false],
])

/** Where an imported name comes from: its module specifier and its name there. */
export interface ImportedName {
  from: string
  name: string
}

/** `defineApiVersions({ versions: ['1.0', '2.0'], defaultVersion: '1.0' })`. */
export interface ApiVersionFacts {
  versions: string[]
  defaultVersion?: string
}

/** The questions the module inventory asks of a file; two readers answer them alike. */
export interface InventoryQuestions {
  /**
   * Each name a file imports, with the specifier it comes from and its name there:
   * `import { productCreatedEvent as created } from '#modules/…'` gives created → { from, name }.
   */
  imports(source: string, fileName: string): Map<string, ImportedName>
  /** Every module specifier the file imports or re-exports from, side-effect imports included. */
  specifiers(source: string, fileName: string): string[]
  /**
   * The identifiers a property of the file's default-exported class is set to: `publishes =
   * [a, b]` gives [a, b], `static consumes = a` gives [a]. Undefined when there is no such property.
   */
  classReferences(source: string, fileName: string, property: string): string[] | undefined
  /** The API versions a `defineApiVersions({ … })` call of the file declares. */
  apiVersions(source: string, fileName: string): ApiVersionFacts | undefined
  /** The integration event contracts a file exports (`defineIntegrationEvent(type, version, …)`). */
  contracts(source: string, fileName: string): ContractFacts[]
  /**
   * The exported classes of a file that extend the kit's `AggregateRoot` or `Entity`, with their
   * public properties: fields and constructor parameter properties, as their types are written
   * (`string | null` read as an optional `string`).
   */
  entityClasses(source: string, fileName: string): EntityClassFacts[]
}

export type InventoryParser = SourceParser

let tsMorphReader: InventoryReader | undefined

/** The ts-morph reader, loaded synchronously: also the fallback for a file prettier's parser refuses. */
function loadTsMorphReader(): InventoryReader {
  tsMorphReader ??= new InventoryReader(
    new SourceSyntax(createRequire(import.meta.url)('ts-morph') as TsMorph)
  )
  return tsMorphReader
}

/** The inventory's reader, loaded on first use (source_reader_loader.ts). */
export const inventoryReader = sourceReaderLoader<InventoryQuestions>({
  async onSyntaxTree(parse) {
    const { SyntaxTreeInventory } = await import('./syntax_tree_inventory.js')
    return new SyntaxTreeInventory(parse, loadTsMorphReader)
  },
  onTsMorph: loadTsMorphReader,
})

/** The inventory's questions answered with ts-morph, for an app without prettier. */
export class InventoryReader implements InventoryQuestions {
  readonly #syntax: SourceSyntax
  readonly #tsMorph: TsMorph

  constructor(syntax: SourceSyntax) {
    this.#syntax = syntax
    this.#tsMorph = syntax.tsMorph
  }

  /**
   * Each name a file imports, with the specifier it comes from and its name there:
   * `import { productCreatedEvent as created } from '#modules/…'` gives created → { from, name }.
   */
  imports(source: string, fileName: string): Map<string, ImportedName> {
    const names = new Map<string, ImportedName>()
    for (const declaration of this.#syntax.parse(source, fileName).getImportDeclarations()) {
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

  /** Every module specifier the file imports or re-exports from, side-effect imports included. */
  specifiers(source: string, fileName: string): string[] {
    const file = this.#syntax.parse(source, fileName)
    return [
      ...file.getImportDeclarations().map((declaration) => declaration.getModuleSpecifierValue()),
      ...file
        .getExportDeclarations()
        .flatMap((declaration) => declaration.getModuleSpecifierValue() ?? []),
    ]
  }

  /**
   * The identifiers a property of the file's default-exported class is set to: `publishes =
   * [a, b]` gives [a, b], `static consumes = a` gives [a]. Undefined when there is no such property.
   */
  classReferences(source: string, fileName: string, property: string): string[] | undefined {
    const { Node } = this.#tsMorph
    const declaration = this.#syntax
      .parse(source, fileName)
      .getClasses()
      .find((candidate) => candidate.isDefaultExport())
    const initializer = declaration?.getProperty(property)?.getInitializer()
    if (!initializer) return undefined
    const value = this.#syntax.unwrap(initializer)
    const elements = Node.isArrayLiteralExpression(value) ? value.getElements() : [value]
    return elements.map((element) => this.#syntax.unwrap(element).getText())
  }

  /** The API versions a `defineApiVersions({ … })` call of the file declares. */
  apiVersions(source: string, fileName: string): ApiVersionFacts | undefined {
    const { Node, SyntaxKind } = this.#tsMorph
    const call = this.#syntax
      .parse(source, fileName)
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
      ? list.getElements().flatMap((element) => this.#syntax.stringValue(element) ?? [])
      : []
    const defaultVersion = this.#syntax.stringValue(valueOf('defaultVersion'))
    return { versions, ...(defaultVersion === undefined ? {} : { defaultVersion }) }
  }

  /** The integration event contracts a file exports (`defineIntegrationEvent(type, version, …)`). */
  contracts(source: string, fileName: string): ContractFacts[] {
    const { Node } = this.#tsMorph
    const found: ContractFacts[] = []
    for (const statement of this.#syntax.parse(source, fileName).getVariableStatements()) {
      if (!statement.isExported()) continue
      for (const declaration of statement.getDeclarations()) {
        const call = declaration.getInitializer()
        if (!Node.isCallExpression(call)) continue
        if (call.getExpression().getText() !== 'defineIntegrationEvent') continue
        const [typeArgument, versionArgument] = call.getArguments()
        const type = this.#syntax.stringValue(typeArgument)
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

  /**
   * The exported classes of a file that extend the kit's `AggregateRoot` or `Entity`, with their
   * public properties: fields and constructor parameter properties, as their types are written
   * (`string | null` read as an optional `string`).
   */
  entityClasses(source: string, fileName: string): EntityClassFacts[] {
    const { Node } = this.#tsMorph
    // Before parsing: imports() parses the source too, and only the last tree is kept.
    const kitDomain = this.imports(source, fileName)
    const file = this.#syntax.parse(source, fileName)
    const found: EntityClassFacts[] = []
    for (const declaration of file.getClasses()) {
      const name = declaration.getName()
      const base = declaration.getExtends()?.getExpression().getText()
      const imported = base ? kitDomain.get(base) : undefined
      if (!name || !declaration.isExported() || imported?.from !== '@pantheon/kit/domain') continue
      const aggregate = ENTITY_BASES.get(imported.name)
      if (aggregate === undefined) continue
      const properties: ClassPropertyFacts[] = []
      const add = (propertyName: string, type: TypeNode | undefined, questionMark: boolean) => {
        const parts = !type
          ? ['unknown']
          : Node.isUnionTypeNode(type)
            ? type.getTypeNodes().map((member) => member.getText())
            : [type.getText()]
        const present = parts.filter((part) => part !== 'null' && part !== 'undefined')
        properties.push({
          name: propertyName,
          type: present.join(' | '),
          optional: questionMark || present.length < parts.length,
        })
      }
      const isPublic = (node: { hasScopeKeyword(): boolean; getScope(): string | undefined }) =>
        !node.hasScopeKeyword() || node.getScope() === 'public'
      for (const parameter of declaration.getConstructors()[0]?.getParameters() ?? []) {
        if (!parameter.isParameterProperty() || !isPublic(parameter)) continue
        add(parameter.getName(), parameter.getTypeNode(), parameter.hasQuestionToken())
      }
      for (const property of declaration.getProperties()) {
        if (property.isStatic() || !isPublic(property) || property.getName().startsWith('#'))
          continue
        add(property.getName(), property.getTypeNode(), property.hasQuestionToken())
      }
      found.push({ name, aggregate, properties })
    }
    return found
  }
}
