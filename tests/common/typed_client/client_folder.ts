import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generatedTypes } from './generated_types.js'

/** The typed client programs and their helpers, checked in. */
const PROGRAMS = fileURLToPath(new URL('../../fixtures/typed_client/', import.meta.url))
const NODE_MODULES = fileURLToPath(new URL('../../../node_modules/', import.meta.url))

export interface ClientFolder {
  path: string
  /** The program written against the document `name` (catalog-v2.json → programs/catalog_v2.ts). */
  program(name: string): string
  /** Generates `generated/<name>.ts` from `document`, which the program imports. */
  writeTypes(name: string, document: object): Promise<void>
  remove(): Promise<void>
}

/** catalog-v2.json → catalog_v2 */
function programName(documentName: string): string {
  return documentName.replace(/\.json$/, '').replace(/-/g, '_')
}

/**
 * A temporary folder holding a copy of the programs, an ES-module package.json and the
 * repository's node_modules (linked), where the generated types are written beside them: as
 * a client author's project would be, outside this repository's tsconfig. It is made in
 * `parent` (the system's temporary folder unless given, e.g. a test's workspace).
 */
export async function clientFolder(parent: string = tmpdir()): Promise<ClientFolder> {
  const path = await mkdtemp(join(parent, 'pantheon-typed-client-'))
  await cp(PROGRAMS, path, { recursive: true })
  await mkdir(join(path, 'generated'))
  await writeFile(join(path, 'package.json'), '{ "type": "module", "private": true }\n')
  await symlink(NODE_MODULES, join(path, 'node_modules'), 'dir')
  return {
    path,
    program: (name) => join(path, 'programs', `${programName(name)}.ts`),
    writeTypes: async (name, document) =>
      writeFile(join(path, 'generated', `${programName(name)}.ts`), await generatedTypes(document)),
    remove: () => rm(path, { recursive: true, force: true }),
  }
}
