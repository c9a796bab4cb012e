import type { Kernel } from '@adonisjs/core/ace'
import type { ApplicationService } from '@adonisjs/core/types'
import type { EntityDefinition } from '../app/building_blocks/domain/entity_definition.js'
import type { FilePlan } from '../app/scaffolding/file_plan.js'
import type { Recipe } from '../app/scaffolding/scaffold_command.js'

/** Loaded when a run asks for one: a command that plans none does not pay their imports. */
const GENERATORS = {
  'add-command': () => import('./add_command.js'),
  'add-query': () => import('./add_query.js'),
  'add-endpoint': () => import('./add_endpoint.js'),
}

/**
 * Plans one generator run (`['add-query', 'GetProductById', '--module', …]`) inside the plan of
 * an enclosing command: the run sees the module's definitions as they will be and the files the
 * plan writes before it, and adds its own files (`create`, refused where one exists, or
 * `generate`, which the enclosing command may replace); a file already planned is kept as it is.
 * Returns the run's recipe, for the enclosing command to record.
 */
export async function planGeneratorRun(
  running: { kernel: Kernel; app: ApplicationService },
  plan: FilePlan,
  [command, ...argv]: string[],
  options: { definitions: EntityDefinition[]; as: 'create' | 'generate' }
): Promise<Recipe | undefined> {
  const { default: generator } = await GENERATORS[command as keyof typeof GENERATORS]()
  const instance = await running.kernel.create(generator, argv)
  // The run plans in the app the enclosing command works in.
  instance.app = running.app
  instance.pendingDefinitions = options.definitions
  instance.pendingFiles = new Map(plan.generatedFiles().map((file) => [file.path, file.contents]))
  const planned = new Set(plan.paths())
  const own = await instance.planFiles()
  for (const file of own.generatedFiles()) {
    if (!planned.has(file.path)) {
      plan[options.as](file.path, file.contents, { houseStyle: file.houseStyle })
    }
  }
  return instance.plannedRecipe()
}
