import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseApiVersion } from '../building_blocks/infrastructure/http/versioning/api_version.js'
import type { ModuleTarget } from './module_target.js'
import { ScaffoldError } from './scaffold_error.js'

/*
 * Edits a module's `<module>_api_versions.ts`: the object passed to defineApiVersions({...}).
 * Syntax-tree edits (ts-morph, loaded on demand); each checks first, so nothing is added twice.
 */

async function definitionObject(source: string, fileName: string) {
  const { Project, SyntaxKind } = await import('ts-morph')
  const file = new Project({ useInMemoryFileSystem: true }).createSourceFile(fileName, source)
  const call = file
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .find((candidate) => candidate.getExpression().getText() === 'defineApiVersions')
  const object = call?.getArguments()[0]?.asKind(SyntaxKind.ObjectLiteralExpression)
  if (!object) throw new ScaffoldError(`${fileName} has no defineApiVersions({ … }) to edit`)
  return { file, object, SyntaxKind }
}

/** A module's versions file, its source and the versions it declares. */
export async function moduleVersions(module: ModuleTarget) {
  const file = join(module.root, 'infrastructure', `${module.folder}_api_versions.ts`)
  const source = await readFile(file, 'utf8').catch(() => {
    throw new ScaffoldError(
      `The ${module.pascal} module is not versioned (no ${module.folder}_api_versions.ts)`
    )
  })
  return { file, source, versions: await declaredVersions(source, file) }
}

/** The versions the module declares, canonical ("1.0"). */
export async function declaredVersions(source: string, fileName: string): Promise<string[]> {
  const { object, SyntaxKind } = await definitionObject(source, fileName)
  const array = object
    .getProperty('versions')
    ?.getFirstDescendantByKind(SyntaxKind.ArrayLiteralExpression)
  return (array?.getElements() ?? [])
    .map((element) => parseApiVersion(element.getText().replace(/['"`]/g, '')))
    .filter((version): version is NonNullable<typeof version> => version !== undefined)
}

/** Orders canonical versions by major, then minor: 1.2 < 1.10 < 2.0. */
function compareVersions(a: string, b: string): number {
  const [aMajor, aMinor] = a.split('.').map(Number)
  const [bMajor, bMinor] = b.split('.').map(Number)
  return aMajor - bMajor || aMinor - bMinor
}

/**
 * Adds `version` to the `versions: [ … ]` list in order (1.5 goes between 1.0 and 2.0), so the
 * file reads oldest to newest however the versions were added. Elements that are not version
 * literals are left where they are.
 */
export async function addVersion(
  source: string,
  fileName: string,
  version: string
): Promise<string> {
  const { file, object, SyntaxKind } = await definitionObject(source, fileName)
  const array = object
    .getProperty('versions')
    ?.getFirstDescendantByKind(SyntaxKind.ArrayLiteralExpression)
  if (!array) throw new ScaffoldError(`${fileName} declares no versions: [ … ] list`)
  const elements = array.getElements()
  const next = elements.find((element) => {
    const declared = parseApiVersion(element.getText().replace(/['"`]/g, ''))
    return declared !== undefined && compareVersions(declared, version) > 0
  })
  const last = elements.at(-1)
  if (next) file.insertText(next.getStart(), `'${version}', `)
  else if (last) file.insertText(last.getEnd(), `, '${version}'`)
  else file.insertText(array.getStart() + 1, `'${version}'`)
  return file.getFullText()
}

export interface Deprecation {
  since: Date
  sunset?: Date
  link?: string
}

/** Adds (or with `replace`, rewrites) the version's entry in `deprecated: { … }`. */
export async function deprecateVersion(
  source: string,
  fileName: string,
  version: string,
  deprecation: Deprecation,
  replace: boolean
): Promise<string> {
  const { file, object, SyntaxKind } = await definitionObject(source, fileName)
  const entry = [
    `since: new Date('${deprecation.since.toISOString()}')`,
    ...(deprecation.sunset ? [`sunset: new Date('${deprecation.sunset.toISOString()}')`] : []),
    ...(deprecation.link ? [`deprecationLink: '${deprecation.link.replace(/'/g, "\\'")}'`] : []),
  ].join(', ')
  const deprecated = object
    .getProperty('deprecated')
    ?.getFirstDescendantByKind(SyntaxKind.ObjectLiteralExpression)
  if (!deprecated) {
    const last = object.getProperties().at(-1)!
    const trailingComma = file.getFullText().slice(last.getEnd()).trimStart().startsWith(',')
    file.insertText(
      last.getEnd() + (trailingComma ? 1 : 0),
      `${trailingComma ? '' : ','} deprecated: { '${version}': { ${entry} } }`
    )
    return file.getFullText()
  }
  const existing = deprecated
    .getProperties()
    .find(
      (property) =>
        parseApiVersion(property.getFirstChild()?.getText().replace(/['"`]/g, '') ?? '') === version
    )
  if (existing && !replace) {
    throw new ScaffoldError(
      `API version ${version} is already deprecated`,
      'Use --force to replace its dates and link'
    )
  }
  if (existing) {
    existing.replaceWithText(`'${version}': { ${entry} }`)
  } else {
    deprecated.addPropertyAssignment({ name: `'${version}'`, initializer: `{ ${entry} }` })
  }
  return file.getFullText()
}
