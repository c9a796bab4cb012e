import type { ValidatorField } from './validator_schema.js'
import { sourceReaderLoader, type SourceParser } from './source_reader_loader.js'

/** The kit's helpers (`@pantheon/kit/application`) whose first argument names an entity that was not found. */
export const ENTITY_NOT_FOUND_HELPERS: ReadonlySet<string> = new Set([
  'entityNotFound',
  'storedForChange',
])

export type { ValidatorField } from './validator_schema.js'

/*
 * What the generators need to know about a module's sources, read from their syntax tree,
 * never from regexes over the text: a rule prettier wrapped over several lines, a
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

/** A call that answers an AppError: its kind (`notFound`, …) and its code when a literal. */
export interface AppErrorCall {
  kind: string
  code?: string
}

/** The failures a handler answers, from its AppError calls: each code once, in order. */
export function handlerFacts(calls: Iterable<AppErrorCall>): HandlerFacts {
  const codes = { notFound: [] as string[], notImplemented: [] as string[] }
  let answersNotFound = false
  for (const call of calls) {
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

/**
 * The questions a generator asks of a module's sources. Two readers answer them alike: one on
 * the TypeScript parser prettier brings (syntax_tree_facts.ts), one on ts-morph
 * (ts_morph_facts.ts), for an app without prettier.
 */
export interface ModuleFacts {
  /** The command or query class of a message file; `className` picks one when there are more. */
  message(source: string, fileName: string, className?: string): MessageFacts | undefined
  /**
   * The fields of a command's validator: the entries of the object its `vine.create(…)` takes
   * (written inline, as `vine.object({ … })`, or as a constant of the same file; spread constants
   * included). Undefined when the file has no `vine.create(…)` or its schema cannot be read here.
   */
  validatorFields(source: string, fileName: string): ValidatorField[] | undefined
  /** The AppError failures a handler answers. */
  handler(source: string, fileName: string): HandlerFacts
  /** The method and path an endpoint file's class declares, when both are string literals. */
  endpointRoute(source: string, fileName: string): EndpointRoute | undefined
  /** The module's registration class: the default-exported class of `<module>_module.ts`. */
  registration(source: string, fileName: string): RegistrationFacts | undefined
  /** The names a file exports: classes, functions and variables (arrow functions included). */
  exports(source: string, fileName: string): ExportFacts
  /**
   * Whether the file calls a function or method of one of these names
   * (`testUtils.db().migrate()` for `migrate`, `prepareTestDatabases(app)`).
   */
  calls(source: string, fileName: string, ...names: string[]): boolean
}

export type FactsParser = SourceParser

/** The reader of module facts, loaded on first use (source_reader_loader.ts). */
export const moduleFacts = sourceReaderLoader<ModuleFacts>({
  async onSyntaxTree(parse) {
    const { SyntaxTreeFacts } = await import('./syntax_tree_facts.js')
    return new SyntaxTreeFacts(parse)
  },
  async onTsMorph() {
    const { loadTsMorphFacts } = await import('./ts_morph_facts.js')
    const reader = loadTsMorphFacts()
    if (!reader) {
      throw new Error(
        'Reading the module needs prettier or ts-morph: install either as a development dependency'
      )
    }
    return reader
  },
})
