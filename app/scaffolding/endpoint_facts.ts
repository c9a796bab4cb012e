import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { EntityDefinition } from '../building_blocks/domain/entity_definition.js'
import {
  endpointFolder,
  useCaseFiles,
  type EndpointFacts,
  type EndpointOptions,
} from './endpoint_plan.js'
import { moduleFacts } from './module_facts.js'
import { queryParametersName } from './result_type.js'
import type { ModuleTarget } from './module_target.js'

/** Reads a file as it will be once an enclosing command's plan is written; undefined if none. */
export type PlannedSource = (path: string) => Promise<string | undefined>

/** The commands (or queries) of a module, by the folders add-command and add-query made. */
async function knownUseCases(folder: string, kind: 'command' | 'query'): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isDirectory())
    .filter((entry) => existsSync(join(folder, entry.name, `${entry.name}_${kind}.ts`)))
    .map((entry) =>
      entry.name.replace(/(^|_)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase())
    )
    .sort()
}

/**
 * Whether an endpoint file's text could declare the route `route` (its params named anyhow):
 * the path, a string literal, then holds each of the route's fixed segments as written. Only
 * such files are parsed for their route: add-endpoint reads the routes to refuse a second
 * endpoint on one, and parsing every endpoint of a module grew the command with the module.
 * A file with a backslash is parsed all the same: a string may write a character as an escape
 * (`\u0073`, `\-`) or run on over a line.
 */
export function couldServe(text: string, route: string): boolean {
  if (text.includes('\\')) return true
  const fixed = route.split('/').filter((segment) => segment !== '' && !segment.startsWith(':'))
  return fixed.every((segment) => text.includes(segment))
}

/**
 * Everything add-endpoint decides from, read from the app through the module facts reader: the
 * use case's message, validator and handler, the endpoints already in the folder, the entity
 * definitions and whether the app's tests migrate. Nothing is decided here (see endpoint_plan.ts).
 */
export async function readEndpointFacts(input: {
  appRoot: string
  module: ModuleTarget
  version: EndpointFacts['version']
  options: EndpointOptions
  entities: EntityDefinition[]
  plannedSource: PlannedSource
}): Promise<EndpointFacts> {
  const { appRoot, module, version, options, plannedSource } = input
  const facts = await moduleFacts()
  const files = useCaseFiles(module.root, options)
  const className = `${options.useCase}${options.kind === 'command' ? 'Command' : 'Query'}`
  const messageSource = await plannedSource(files.message)
  const validatorSource =
    options.kind === 'command' ? await plannedSource(files.validator) : undefined
  const parametersName = queryParametersName(options.useCase)
  const parameters =
    options.kind === 'query' &&
    messageSource !== undefined &&
    facts.exports(messageSource, files.message).variables.includes(parametersName)
      ? parametersName
      : undefined
  const folder = endpointFolder(module.root, version)
  const inFolder = await readdir(folder).catch(() => [])
  const endpointFiles = inFolder.filter((name) => name.endsWith('_endpoint.ts')).sort()
  const endpoints = await Promise.all(
    endpointFiles.map(async (fileName) => {
      const path = join(folder, fileName)
      const text = await readFile(path, 'utf8')
      const route = couldServe(text, options.route) ? facts.endpointRoute(text, path) : undefined
      return { fileName, path: relative(appRoot, path), ...(route ? { route } : {}) }
    })
  )
  const bootstrap = join(appRoot, 'tests', 'bootstrap.ts')
  return {
    module: { pascal: module.pascal, folder: module.folder, root: module.root },
    ...(version ? { version } : {}),
    message: {
      exists: messageSource !== undefined,
      ...(messageSource === undefined
        ? {}
        : { facts: facts.message(messageSource, files.message, className) }),
      ...(parameters ? { parameters } : {}),
    },
    knownUseCases:
      messageSource === undefined
        ? await knownUseCases(join(module.root, 'application', files.folderName), options.kind)
        : [],
    ...(validatorSource === undefined
      ? {}
      : { validator: { fields: facts.validatorFields(validatorSource, files.validator) } }),
    handler: facts.handler((await plannedSource(files.handler)) ?? '', files.handler),
    entities: input.entities,
    endpoints,
    testsMigrate:
      existsSync(bootstrap) &&
      facts.calls(await readFile(bootstrap, 'utf8'), bootstrap, 'migrate', 'prepareTestDatabases'),
  }
}
