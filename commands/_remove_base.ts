import { join, relative } from 'node:path'
import { flags } from '@adonisjs/core/ace'
import type { FilePlan } from '../app/scaffolding/file_plan.js'
import type { ForgottenRecipe } from '../app/scaffolding/generated_files_plan.js'
import { readGeneratedFiles } from '../app/scaffolding/generated_files.js'
import { resolveModuleImport } from '../app/scaffolding/import_graph.js'
import type { InventoryModule, ModuleInventory } from '../app/scaffolding/module_inventory.js'
import type { ModuleTarget } from '../app/scaffolding/module_target.js'
import { moduleNames } from '../app/scaffolding/names.js'
import { findByName } from '../app/scaffolding/removal_target.js'
import {
  describeDependent,
  type Dependent,
  type RemovalDecision,
} from '../app/scaffolding/removal_plan.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { unregisterImports } from '../app/scaffolding/unregister_codemod.js'
import { recipeFiles } from './_entity_sync.js'

/**
 * What remove-module, remove-entity and remove-endpoint share: a dry run unless --confirm (the
 * plan, every file it deletes and the diff of every file it edits), a refusal while something
 * else uses what would go unless --force, and the plan written all or nothing like every
 * scaffolding command's (ScaffoldCommand).
 */
export abstract class RemoveCommand extends ScaffoldCommand {
  static {
    // A removal is a dry run unless --confirm, so --dry-run would say nothing; --force keeps the
    // name every scaffolding command gives it, with the meaning a removal needs.
    this.boot()
    this.flags = this.flags
      .filter((flag) => flag.name !== 'dryRun')
      .map((flag) =>
        flag.name === 'force'
          ? {
              ...flag,
              description:
                'Remove it although other files use it: the endpoints, consumers and event publishers among them go too; other files are left and named',
            }
          : flag
      )
  }

  @flags.boolean({
    description: 'Delete the files and write the edits; without it, only print what would change',
  })
  declare confirm: boolean

  /** Dependents --force leaves in place; named after the plan is written. */
  #left: string[] = []
  #forgotten: ForgottenRecipe[] = []

  /** What to do next once the removal is written. */
  protected abstract removalSteps(): string[]

  /** What the removal leaves for the user to do by hand; warned of in a dry run too. */
  protected warnings(): string[] {
    return this.#left
  }

  async run(): Promise<void> {
    this.dryRun = !this.confirm
    await super.run()
    if (this.exitCode !== 1 && !this.json) {
      for (const warning of this.warnings()) this.logger.warning(warning)
    }
  }

  protected dryRunNote(): string {
    return 'Dry run: nothing was deleted or written. Run again with --confirm to do it'
  }

  protected nextSteps(): string[] {
    // Printed as warnings otherwise (see run()); --json carries them here.
    const warnings = this.json ? this.warnings() : []
    return [...warnings, ...(this.dryRun ? [] : this.removalSteps())]
  }

  protected forgottenRecipes(): ForgottenRecipe[] {
    return this.#forgotten
  }

  /** The module named by `name` (--module or the argument), among those the inventory read. */
  protected findModule(
    name: string | undefined,
    inventory: ModuleInventory
  ): { target: ModuleTarget; module: InventoryModule } {
    if (!name) throw new ScaffoldError('--module is required, e.g. --module Catalog')
    const pascal = (module: InventoryModule) => module.className.replace(/Module$/, '')
    const module = findByName(
      name,
      'module',
      inventory.modules.map((candidate) => ({ name: pascal(candidate), value: candidate }))
    )
    const root = this.app.makePath('modules', module.module)
    const target: ModuleTarget = {
      ...moduleNames(pascal(module)),
      folder: module.module,
      root,
      registrationFile: join(root, 'infrastructure', `${module.module}_module.ts`),
    }
    return { target, module }
  }

  /**
   * Refuses a removal that other files depend on, unless --force; `used` names what a
   * dependent uses when the command can say it better than a path (an event).
   */
  protected assertNoDependents(
    what: string,
    decision: RemovalDecision,
    used: (dependent: Dependent) => string | undefined = () => undefined
  ): void {
    const root = this.app.makePath()
    const describe = (dependent: Dependent) => describeDependent(root, dependent, used(dependent))
    if (decision.dependents.length > 0 && !this.force) {
      throw new ScaffoldError(
        `${what} is used elsewhere, so nothing was removed:\n${decision.dependents.map((d) => `  - ${describe(d)}`).join('\n')}`,
        'Remove or change those first, or run again with --force: the endpoints, consumers and event publishers among them are removed too, and other files are left for you to edit'
      )
    }
    this.#left = decision.left.map(
      (dependent) =>
        `--force left ${relative(root, dependent.file)} in place: ${describe(dependent)}, which is removed; edit it before the app compiles again`
    )
  }

  /**
   * Adds the decision to the plan: every file deleted, and each module's registration class
   * rid of what it imported from them (a repository binding, a published contract).
   */
  protected async planDeletions(
    plan: FilePlan,
    decision: RemovalDecision,
    registrations: ModuleTarget[]
  ): Promise<void> {
    const deleted = new Set(decision.deleted)
    for (const file of decision.deleted) await plan.delete(file)
    for (const module of registrations) {
      if (deleted.has(module.registrationFile)) continue
      await plan.edit(
        module.registrationFile,
        async (source) => {
          const result = await unregisterImports(source, module.registrationFile, (specifier) => {
            const file = resolveModuleImport(
              this.app.makePath(),
              module.registrationFile,
              specifier
            )
            return file !== undefined && deleted.has(file)
          })
          if (result.leftover.length > 0) {
            throw new ScaffoldError(
              `${relative(this.app.makePath(), module.registrationFile)} uses ${result.leftover.join(', ')} in a way this command cannot take out`,
              'Take those uses and their imports out by hand, then run the command again'
            )
          }
          return result.source
        },
        { recorded: true }
      )
    }
    await this.forgetRecipes(deleted, registrations)
  }

  /** The recorded generator runs (generated_files.json) whose file the plan deletes. */
  private async forgetRecipes(deleted: Set<string>, modules: ModuleTarget[]) {
    for (const module of modules) {
      const { recipes } = await readGeneratedFiles(module.root)
      for (const [key, argv] of Object.entries(recipes)) {
        const [made] = recipeFiles(module.root, argv)
        if (made !== undefined && deleted.has(made)) {
          this.#forgotten.push({ moduleRoot: module.root, key })
        }
      }
    }
  }
}
