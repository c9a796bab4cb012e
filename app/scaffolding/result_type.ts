import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import type { CrudIntent } from './crud.js'
import { entityNames } from './entity_names.js'
import { camelCase, sentenceWords, snakeCase } from './names.js'
import { ScaffoldError } from './scaffold_error.js'

const PRIMITIVES = new Set(['string', 'number', 'boolean', 'void'])

export interface ResultType {
  type: string
  /** Import specifier from application/<commands|queries>/<use_case>/, when the type needs one. */
  import?: string
  /** The type is an entity id (`ProductId`). */
  returnsId: boolean
  /** A DTO that does not exist yet (queries create it). */
  missingDto?: string
}

/**
 * What --result-type names: a primitive, the id of an entity of the module (`ProductId`), or a
 * DTO in application/dtos (`ProductDto`, which add-query creates when it is missing).
 */
export function resolveResultType(
  raw: string | undefined,
  moduleRoot: string,
  entities: EntityDefinition[],
  options: { allowMissingDto: boolean }
): ResultType {
  if (!raw) throw new ScaffoldError('--result-type is required, e.g. --result-type ProductId')
  if (PRIMITIVES.has(raw)) return { type: raw, returnsId: false }
  if (!/^[A-Z][A-Za-z0-9]*$/.test(raw)) {
    throw new ScaffoldError(
      `--result-type "${raw}" must be a primitive (string, number, boolean, void) or a PascalCase type name`
    )
  }
  const idOf = entities.find((entity) => `${entity.name}Id` === raw)
  if (idOf) {
    return {
      type: raw,
      import: `../../../domain/${entityNames(idOf.name).snake}_id.js`,
      returnsId: true,
    }
  }
  const dtoFile = join(moduleRoot, 'application', 'dtos', `${snakeCase(raw)}.ts`)
  if (existsSync(dtoFile)) {
    return { type: raw, import: `../../dtos/${snakeCase(raw)}.js`, returnsId: false }
  }
  if (options.allowMissingDto && raw.endsWith('Dto')) {
    return {
      type: raw,
      import: `../../dtos/${snakeCase(raw)}.js`,
      returnsId: false,
      missingDto: dtoFile,
    }
  }
  const ids = entities.map((entity) => `${entity.name}Id`)
  throw new ScaffoldError(
    `--result-type ${raw} is not known in this module`,
    `Use string, number, boolean, void${ids.length ? ', ' + ids.join(', ') : ''}, or a DTO in application/dtos`
  )
}

/**
 * The result type of a query: the one --result-type names, or for a CRUD query the only one its
 * handler can return, derived when --result-type is left out. `Get<Entity>ById` returns
 * `<Entity>Dto`; `List<Entities>` returns one page of them, `<Entity>ListDto`; any other type
 * would be written into code that does not compile, so it is refused naming the right one.
 */
export function queryResultType(
  name: string,
  intent: CrudIntent,
  raw: string | undefined
): string | undefined {
  if (intent.kind !== 'getById' && intent.kind !== 'list') return raw
  const entity = intent.names
  const expected = `${entity.pascal}${intent.kind === 'list' ? 'ListDto' : 'Dto'}`
  if (raw === undefined || raw === expected) return expected
  const returns =
    intent.kind === 'list'
      ? `one page of ${sentenceWords(entity.plural)}: ${expected} (items: ${entity.pascal}Dto[], total, page, perPage)`
      : `one ${sentenceWords(entity.pascal)}: ${expected}`
  throw new ScaffoldError(
    `${name} returns ${returns}, which --result-type ${raw} cannot hold`,
    `Use --result-type ${expected}, or leave --result-type out and it is derived`
  )
}

/**
 * The validator of a query's query string that its file may export (`listProductsParameters`):
 * add-query writes it for a list, and add-endpoint documents and checks the one it finds.
 */
export function queryParametersName(useCase: string): string {
  return `${camelCase(useCase)}Parameters`
}

/** Drops a trailing "Command"/"Query" the user may have typed: CreateProductCommand → CreateProduct. */
export function useCaseName(raw: string, suffix: 'Command' | 'Query'): string {
  return raw.endsWith(suffix) && raw !== suffix ? raw.slice(0, -suffix.length) : raw
}
