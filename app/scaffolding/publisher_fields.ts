import { globSync } from 'node:fs'
import { join } from 'node:path'

/*
 * An integration event's publisher (`infrastructure/publish_<event>_event_handler.ts`, written by
 * `add-event --from <Entity>Created`, `Updated` or `Deleted`) maps the entity's snapshot onto the
 * event's contract: `name: product.name`. When a property is renamed in the definition, sync-entity rewrites the
 * entity but not the contract, which other modules read: the publisher must read the new field
 * for the same contract field (`name: product.title`). These read and edit those accesses.
 */

/** The module's publisher files, relative paths first sorted. */
export function publisherFiles(moduleRoot: string): string[] {
  return globSync('infrastructure/publish_*_event_handler.ts', { cwd: moduleRoot })
    .sort()
    .map((file) => join(moduleRoot, file))
}

type SourceFile = import('ts-morph').SourceFile
type PropertyAccess = import('ts-morph').PropertyAccessExpression

/**
 * The snapshot accesses (`product.name`) of a publisher handling `<Entity>Created`, `Updated` or
 * `Deleted`, if it is one.
 */
async function snapshotReads(source: string, entity: string, entityCamel: string) {
  const { Project, SyntaxKind, Node } = await import('ts-morph')
  const file: SourceFile = new Project({ useInMemoryFileSystem: true }).createSourceFile(
    'publisher.ts',
    source
  )
  const handles = file
    .getClasses()[0]
    ?.getStaticProperty('handles')
    ?.getText()
    .match(new RegExp(`= ${entity}(Created|Updated|Deleted)$`))
  if (!handles) return undefined
  // const product = event.product
  const variables = file
    .getDescendantsOfKind(SyntaxKind.VariableDeclaration)
    .filter((declaration) => {
      const initializer = declaration.getInitializer()
      return Node.isPropertyAccessExpression(initializer) && initializer.getName() === entityCamel
    })
    .map((declaration) => declaration.getName())
  const reads: PropertyAccess[] = file
    .getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)
    .filter((access) => variables.includes(access.getExpression().getText()))
  return { file, reads }
}

/**
 * The publisher with each read of a renamed field (`product.name`) reading the new one
 * (`product.title`); the contract's field names stay as they are. Undefined when the file is no
 * publisher of the entity's Created event or reads none of them.
 */
export async function followRenames(
  source: string,
  entity: { pascal: string; camel: string },
  renames: ReadonlyMap<string, string>
): Promise<string | undefined> {
  const found = await snapshotReads(source, entity.pascal, entity.camel)
  if (!found) return undefined
  let changed = false
  for (const access of found.reads) {
    const renamed = renames.get(access.getName())
    if (renamed === undefined) continue
    access.getNameNode().replaceWithText(renamed)
    changed = true
  }
  return changed ? found.file.getFullText() : undefined
}

/** The fields a publisher of the entity's Created event reads that the entity no longer has. */
export async function missingReads(
  source: string,
  entity: { pascal: string; camel: string },
  fields: ReadonlySet<string>
): Promise<string[]> {
  const found = await snapshotReads(source, entity.pascal, entity.camel)
  if (!found) return []
  const missing = found.reads.map((access) => access.getName()).filter((name) => !fields.has(name))
  return [...new Set(missing)]
}
