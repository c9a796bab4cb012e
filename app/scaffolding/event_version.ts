import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { camelCase, snakeCase } from './names.js'
import { ScaffoldError } from './scaffold_error.js'

/**
 * The names of one version of an event in its module. Version 1 keeps the names events always
 * had (`integration/product_created.ts`, `productCreatedEvent`); a later version lives beside it
 * with a `V<n>` suffix (`integration/product_created_v2.ts`, `productCreatedV2Event`,
 * `ProductCreatedV2Payload`, `publish_product_created_v2_event_handler.ts`). The type is the same.
 */
export interface EventVersionNames {
  version: number
  /** PascalCase base of its identifiers: ProductCreated, ProductCreatedV2. */
  name: string
  camel: string
  /** Base of its file names: product_created, product_created_v2. */
  snake: string
  /** The contract's export: productCreatedEvent, productCreatedV2Event. */
  contract: string
}

export function eventVersionNames(event: string, version: number): EventVersionNames {
  const name = version === 1 ? event : `${event}V${version}`
  return {
    version,
    name,
    camel: camelCase(name),
    snake: version === 1 ? snakeCase(event) : `${snakeCase(event)}_v${version}`,
    contract: `${camelCase(name)}Event`,
  }
}

/** --version as given: a whole number of at least 1 (1 when absent). */
export function parseEventVersion(value: number | undefined): number {
  if (value === undefined) return 1
  if (!Number.isInteger(value) || value < 1) {
    throw new ScaffoldError(
      `--version must be a whole number of at least 1, not ${value}`,
      'A new version of an existing event: --version 2 (3 after that, …)'
    )
  }
  return value
}

/**
 * Refuses a version whose predecessor the module does not have: versions evolve one after the
 * other, each beside the last, so consumers can move over during a migration window.
 */
export function assertPreviousVersion(
  moduleRoot: string,
  module: string,
  event: string,
  version: number
): void {
  if (version === 1) return
  const previous = eventVersionNames(event, version - 1)
  if (existsSync(join(moduleRoot, 'integration', `${previous.snake}.ts`))) return
  const create =
    version - 1 === 1
      ? `node ace add-event ${event} --module ${module} --properties "…" (or --from <Entity>Created)`
      : `node ace add-event ${event} --module ${module} --version ${version - 1} …`
  throw new ScaffoldError(
    `${event} has no version ${version - 1} in the ${module} module (no integration/${previous.snake}.ts), so there is nothing to evolve into version ${version}`,
    `Create version ${version - 1} first: ${create}`
  )
}
