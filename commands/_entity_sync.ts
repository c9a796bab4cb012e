import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Kernel } from '@adonisjs/core/ace'
import type { ApplicationService } from '@adonisjs/core/types'
import {
  parseApiVersion,
  versionFolder,
} from '../app/building_blocks/infrastructure/http/versioning/api_version.js'
import type { EntityDefinition } from '../app/building_blocks/domain/entity_definition.js'
import { commandIntent, queryIntent } from '../app/scaffolding/crud.js'
import { entityToRender, renderEntityFiles } from '../app/scaffolding/entity_files.js'
import type { FilePlan } from '../app/scaffolding/file_plan.js'
import { readGeneratedFiles } from '../app/scaffolding/generated_files.js'
import type { ModuleTarget } from '../app/scaffolding/module_target.js'
import { snakeCase } from '../app/scaffolding/names.js'
import { useCaseName } from '../app/scaffolding/result_type.js'
import { planGeneratorRun } from './_generator_runs.js'

/** The value of a flag in a recorded command line. */
function flagValue(argv: string[], flag: string): string | undefined {
  const index = argv.indexOf(flag)
  return index >= 0 ? argv[index + 1] : undefined
}

/**
 * The recorded command lines (generated_files.ts) of the entity's CRUD use cases — the
 * Create/Update/Delete commands, the GetById/List queries — and of the endpoints that expose
 * them: use cases first, so that each endpoint is planned after what it documents.
 */
export function entityRecipes(
  recipes: Record<string, string[]>,
  entity: EntityDefinition
): string[][] {
  const useCases = Object.values(recipes).filter(([command, name]) => {
    if (command === 'add-command') {
      return commandIntent(useCaseName(name, 'Command'), [entity]).kind !== 'custom'
    }
    if (command === 'add-query') {
      return queryIntent(useCaseName(name, 'Query'), [entity]).kind !== 'custom'
    }
    return false
  })
  const names = new Set(
    useCases.map(([command, name]) =>
      useCaseName(name, command === 'add-command' ? 'Command' : 'Query')
    )
  )
  const endpoints = Object.values(recipes).filter(([command, , ...rest]) => {
    if (command !== 'add-endpoint') return false
    const sends = flagValue(rest, '--command')
    const asks = flagValue(rest, '--query')
    return (
      (sends !== undefined && names.has(useCaseName(sends, 'Command'))) ||
      (asks !== undefined && names.has(useCaseName(asks, 'Query')))
    )
  })
  return [...useCases, ...endpoints]
}

/**
 * The files a recorded generator run needs to still be there to run again: the command or
 * query it made, and for an endpoint, the endpoint and what it sends or asks. One the user
 * deleted stays deleted.
 */
export function recipeFiles(moduleRoot: string, argv: string[]): string[] {
  const [command, name, ...rest] = argv
  const useCaseFile = (kind: 'command' | 'query', raw: string) => {
    const snake = snakeCase(useCaseName(raw, kind === 'command' ? 'Command' : 'Query'))
    const folder = kind === 'command' ? 'commands' : 'queries'
    return join(moduleRoot, 'application', folder, snake, `${snake}_${kind}.ts`)
  }
  if (command === 'add-command') return [useCaseFile('command', name)]
  if (command === 'add-query') return [useCaseFile('query', name)]
  const sends = flagValue(rest, '--command')
  const asks = flagValue(rest, '--query')
  const version = flagValue(rest, '--api-version')
  const parsed = version === undefined ? undefined : parseApiVersion(version)
  return [
    join(
      moduleRoot,
      'api',
      ...(parsed ? [versionFolder(parsed)] : []),
      `${snakeCase(name)}_endpoint.ts`
    ),
    ...(sends === undefined ? [] : [useCaseFile('command', sends)]),
    ...(asks === undefined ? [] : [useCaseFile('query', asks)]),
  ]
}

/**
 * Plans again every use case and endpoint generated from the entity, from `definitions` (the
 * module's entity definitions as they will be once the plan is written), adding their files
 * to `plan` as generated files: the command that writes the plan decides which ones it may
 * replace.
 */
export async function planEntityUseCases(
  running: { kernel: Kernel; app: ApplicationService },
  plan: FilePlan,
  module: ModuleTarget,
  entity: EntityDefinition,
  definitions: EntityDefinition[]
): Promise<void> {
  const { recipes } = await readGeneratedFiles(module.root)
  for (const [command, ...argv] of entityRecipes(recipes, entity)) {
    if (!recipeFiles(module.root, [command, ...argv]).every((file) => existsSync(file))) continue
    await planGeneratorRun(running, plan, [command, ...argv, '--force'], {
      definitions,
      as: 'generate',
    })
  }
}

/**
 * An aggregate's files and use cases written again, as its parts now are (`definitions` holds
 * them): after a part is added, changed or removed, since a part lives in its aggregate's files.
 */
export async function planAggregateFiles(
  running: { kernel: Kernel; app: ApplicationService },
  plan: FilePlan,
  module: ModuleTarget,
  aggregate: EntityDefinition,
  definitions: EntityDefinition[]
): Promise<void> {
  const files = await renderEntityFiles(running.app, module, entityToRender(aggregate), {
    withDefinition: false,
  })
  for (const file of files) plan.generateRendered(file)
  await planEntityUseCases(running, plan, module, aggregate, definitions)
}
