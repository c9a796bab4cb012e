import { existsSync, globSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import { registerParts } from '../app/scaffolding/aggregate_parts.js'
import { dropMigration } from '../app/scaffolding/drop_migration.js'
import { entityNames } from '../app/scaffolding/entity_names.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { readGeneratedFiles } from '../app/scaffolding/generated_files.js'
import { readImportGraph } from '../app/scaffolding/import_graph.js'
import { readModuleInventory } from '../app/scaffolding/module_inventory.js'
import { isModuleIndex } from '../app/scaffolding/module_index_source.js'
import type { ModuleTarget } from '../app/scaffolding/module_target.js'
import { snakeCase } from '../app/scaffolding/names.js'
import { decideRemoval } from '../app/scaffolding/removal_plan.js'
import { findByName } from '../app/scaffolding/removal_target.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { useCaseName } from '../app/scaffolding/result_type.js'
import {
  loadEntityDefinitions,
  readSnapshot,
  serializeSnapshot,
  snapshotPath,
  tableName,
} from '../app/scaffolding/schema_snapshot.js'
import { entityRecipes, planAggregateFiles, recipeFiles } from './_entity_sync.js'
import { RemoveCommand } from './_remove_base.js'

/*
 * remove-entity: the flags and the report. What goes is decided by decideRemoval
 * (app/scaffolding/removal_plan.ts): the entity's files and its CRUD use cases, then whatever
 * imports them; its table's drop migration by dropMigration (drop_migration.ts).
 */

export default class RemoveEntity extends RemoveCommand {
  static commandName = 'remove-entity'
  static description =
    'Remove an entity, its CRUD use cases and its table (a drop migration); a dry run unless --confirm'

  @args.string({ description: 'The entity name in PascalCase, e.g. Product' })
  declare name: string

  @flags.string({ description: 'The module it belongs to, e.g. Catalog' })
  declare module?: string

  #table?: string
  #migrated = false
  /** The aggregate whose files are written again, when the entity removed is its part. */
  #aggregate?: string

  protected async plan(): Promise<FilePlan> {
    const appRoot = this.app.makePath()
    const inventory = await readModuleInventory(appRoot)
    const { target, module } = this.findModule(this.module, inventory)
    const entity = findByName(
      this.name,
      `entity in the ${target.pascal} module`,
      module.entities.map((candidate) => ({ name: candidate.name, value: candidate.name })),
      `The ${target.pascal} module has no entity definition (domain/<entity>_definition.ts, written by add-entity): remove the files of an entity written by hand yourself`
    )
    const table = tableName(target.folder, entity)
    this.#table = table

    const plan = new FilePlan(appRoot)
    const rewrittenAggregate = await this.planAggregateWithoutPart(plan, target, entity)
    const decision = decideRemoval({
      appRoot,
      own: await this.entityFiles(target, entity),
      graph: await readImportGraph(appRoot),
      rewritten: (file) =>
        isModuleIndex(appRoot, file) ||
        file === target.registrationFile ||
        rewrittenAggregate.has(file),
      exists: existsSync,
      orphanFolders: [join(target.root, 'application', 'dtos')],
      force: Boolean(this.force),
    })
    this.assertNoDependents(`The entity ${entity}`, decision)
    await this.planDeletions(plan, decision, [target])

    const snapshot = await readSnapshot(target.root)
    const migration = dropMigration(snapshot, [table], {
      migrationsFolder: join(target.root, 'infrastructure', 'database', 'migrations'),
      name: `drop_${table}_table`,
      origin: `written by remove-entity ${entity} from the ${target.title} module's schema snapshot`,
      now: Date.now(),
    })
    this.#migrated = migration !== undefined
    if (migration) {
      const rendered = await renderStub(this.app, 'migration/drop_tables.stub', { ...migration })
      plan.createRendered(rendered)
      await plan.edit(snapshotPath(target.root), () => serializeSnapshot(migration.remaining), {
        houseStyle: true,
      })
    }
    return plan
  }

  /**
   * A part lives in its aggregate's files (`lines` of an Order): removing the part writes them
   * and the aggregate's use cases again without it, as sync-entity would. The files written;
   * none when the entity is not a part.
   */
  private async planAggregateWithoutPart(
    plan: FilePlan,
    module: ModuleTarget,
    entity: string
  ): Promise<Set<string>> {
    const definitions = await loadEntityDefinitions(module.root)
    const part = definitions.find((candidate) => candidate.name === entity)
    if (part?.partOf === undefined) return new Set()
    const remaining = definitions.filter((candidate) => candidate !== part)
    registerParts(remaining, module.pascal)
    const aggregate = remaining.find((candidate) => candidate.name === part.partOf)
    // An aggregate already gone (its definition removed by hand) has no files to write again.
    if (aggregate === undefined) return new Set()
    this.#aggregate = aggregate.name
    await planAggregateFiles(this, plan, module, aggregate, remaining)
    return new Set(plan.paths().map((path) => resolve(this.app.makePath(), path)))
  }

  /**
   * The entity's own files (what add-entity wrote) and the folders of its CRUD use cases (the
   * commands and queries sync-entity follows, from generated_files.json).
   */
  private async entityFiles(module: ModuleTarget, entity: string): Promise<string[]> {
    const { snake } = entityNames(entity)
    const own = [
      `domain/${snake}.ts`,
      `domain/${snake}_id.ts`,
      `domain/${snake}_repository.ts`,
      `domain/${snake}_definition.ts`,
      `domain/${snake}_created.ts`,
      `infrastructure/persistence/lucid_${snake}_repository.ts`,
      `tests/unit/${snake}.spec.ts`,
    ].map((file) => join(module.root, file))
    const definitions = await loadEntityDefinitions(module.root)
    const definition = definitions.find((candidate) => candidate.name === entity)
    const { recipes } = await readGeneratedFiles(module.root)
    const useCases = definition
      ? entityRecipes(recipes, definition).filter(([command]) => command !== 'add-endpoint')
      : []
    for (const argv of useCases) {
      const [made] = recipeFiles(module.root, argv)
      if (made === undefined || !existsSync(made)) continue
      const folder = dirname(made)
      own.push(...globSync('*.ts', { cwd: folder }).map((file) => join(folder, file)))
      const [command, name] = argv
      const kind = command === 'add-command' ? 'command' : 'query'
      const useCase = snakeCase(useCaseName(name, kind === 'command' ? 'Command' : 'Query'))
      own.push(join(module.root, 'tests', 'unit', `${useCase}_${kind}.spec.ts`))
    }
    return [...new Set(own)].filter((file) => existsSync(file))
  }

  protected removalSteps(): string[] {
    const table = this.#table!
    const aggregate = this.#aggregate
    return [
      ...(aggregate
        ? [
            `${aggregate}'s files and use cases were written again without it; its clients no longer send or receive it`,
          ]
        : []),
      ...(this.#migrated
        ? [
            `Drop its table (its rows are lost; back them up first where they matter): node ace migration:run`,
          ]
        : [`No migration ever created ${table}: there is no table to drop`]),
      'Update docs/modules.md: node ace docs:modules',
    ]
  }
}
