import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { dereference } from '#tests/common/contract/dereference'
import type { ResolvedDocument } from '#tests/fixtures/typed_client/documented_answers'
import type { ClientOptions, ClientReport } from '#tests/fixtures/typed_client/run_client'
import { clientFolder, type ClientFolder } from './client_folder.js'
import { strictTypeErrors } from './strict_typecheck.js'

/** An OpenAPI document as JSON. */
export type Document = Record<string, unknown>

const METHODS = ['get', 'put', 'post', 'delete', 'patch']

/** The programs of some documents, compiled: where they are and what `tsc --strict` said. */
export interface CompiledClients {
  folder: ClientFolder
  /** Of `tsc --strict` over every program, before any of them runs. */
  typeErrors: string[]
}

/** Every `*.json` document of a folder (an app's docs/openapi/), by file name. */
export async function documentsIn(folder: string): Promise<Record<string, Document>> {
  const documents: Record<string, Document> = {}
  const files = await readdir(folder)
  for (const name of files.filter((file) => file.endsWith('.json')).sort()) {
    documents[name] = JSON.parse(await readFile(join(folder, name), 'utf8')) as Document
  }
  return documents
}

/**
 * Generates the types of each document (catalog-v2.json → generated/catalog_v2.ts) in a new
 * client folder (in `parent`, see clientFolder) and compiles the program of each
 * (programs/catalog_v2.ts) under `tsc --strict`, in one run.
 */
export async function compileClients(
  documents: Record<string, Document>,
  parent?: string
): Promise<CompiledClients> {
  const folder = await clientFolder(parent)
  for (const [name, document] of Object.entries(documents)) {
    await folder.writeTypes(name, document)
  }
  const programs = Object.keys(documents).map((name) => folder.program(name))
  return { folder, typeErrors: strictTypeErrors(folder.path, programs) }
}

/** Runs the program of the document `name` against the service at `baseUrl`. */
export async function runProgram(
  folder: ClientFolder,
  name: string,
  options: { baseUrl: string; document: Document }
): Promise<ClientReport> {
  const program = (await import(pathToFileURL(folder.program(name)).href)) as {
    default: (clientOptions: ClientOptions) => Promise<ClientReport>
  }
  return program.default({
    baseUrl: options.baseUrl,
    document: dereference(options.document) as unknown as ResolvedDocument,
  })
}

/** `METHOD /path` of each operation, as the programs report what they called. */
export function operationsOf(document: Document): string[] {
  const paths = document.paths as Record<string, Document>
  return Object.entries(paths)
    .flatMap(([path, item]) =>
      METHODS.filter((method) => method in item).map((m) => `${m.toUpperCase()} ${path}`)
    )
    .sort()
}
