import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import { entityNames } from './entity_names.js'
import { snakeCase } from './names.js'
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

/** Drops a trailing "Command"/"Query" the user may have typed: CreateProductCommand → CreateProduct. */
export function useCaseName(raw: string, suffix: 'Command' | 'Query'): string {
  return raw.endsWith(suffix) && raw !== suffix ? raw.slice(0, -suffix.length) : raw
}
