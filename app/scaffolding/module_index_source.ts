import { globSync } from 'node:fs'
import { basename, join, relative, sep } from 'node:path'
import {
  MODULE_INDEX_SECTIONS,
  type ModuleIndex,
} from '../building_blocks/infrastructure/modules/module_index.js'

/** Where a module's index lives: beside its registration class, which imports it. */
export function moduleIndexPath(moduleRoot: string): string {
  return join(moduleRoot, 'infrastructure', `${basename(moduleRoot)}_index.ts`)
}

/** Whether a file is a module's index (`modules/<name>/infrastructure/<name>_index.ts`). */
export function isModuleIndex(appRoot: string, file: string): boolean {
  const [top, folder] = relative(appRoot, file).split(sep)
  return (
    top === 'modules' &&
    folder !== undefined &&
    file === moduleIndexPath(join(appRoot, top, folder))
  )
}

/**
 * The module's files (relative, `/`-separated) that its index imports, sorted: those on disk and
 * `plannedFiles`, without `removedFiles` (a remove-* command's plan deletes them).
 */
export function indexedFiles(
  moduleRoot: string,
  plannedFiles: string[] = [],
  removedFiles: string[] = []
): string[] {
  const onDisk = globSync('{application,infrastructure,api}/**/*.ts', { cwd: moduleRoot })
  const files = new Set([...onDisk, ...plannedFiles].map((file) => file.replace(/\\/g, '/')))
  for (const file of removedFiles) files.delete(file.replace(/\\/g, '/'))
  const patterns = Object.values(MODULE_INDEX_SECTIONS)
  return [...files]
    .filter((file) => !file.endsWith('.d.ts') && patterns.some((pattern) => pattern.test(file)))
    .sort()
}

/** A file path (or the end of one) as a PascalCase identifier: api/v1/get-x_endpoint → ApiV1GetXEndpoint. */
function identifierOf(path: string): string {
  const words = path
    .replace(/\.ts$/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')
  return /^[A-Za-z]/.test(name) ? name : `_${name}`
}

/**
 * A local name for each file's import: the file name in PascalCase (CreateProductHandler), with
 * as many parent folders in front as it takes to tell it from the others
 * (V1CreateProductEndpoint); names that still meet (api/v1_x and api/v1/x) get a number.
 */
function importNames(files: string[]): Map<string, string> {
  const names = new Map<string, string>()
  const taken = new Set<string>()
  const tail = (file: string, depth: number) =>
    identifierOf(file.split('/').slice(-depth).join('/'))
  for (const file of files) {
    const depthOfFile = file.split('/').length
    let depth = 1
    while (
      depth < depthOfFile &&
      files.some((other) => other !== file && tail(other, depth) === tail(file, depth))
    ) {
      depth++
    }
    let name = tail(file, depth)
    for (let suffix = 2; taken.has(name); suffix++) name = `${tail(file, depth)}${suffix}`
    taken.add(name)
    names.set(file, name)
  }
  return names
}

/**
 * The source of a module's index (see ModuleIndex in the kit): its files by section, with
 * `plannedFiles` (a scaffolding command's new files, not written yet) counted as present and
 * `removedFiles` (files it deletes) as gone.
 */
export function renderModuleIndex(
  moduleRoot: string,
  plannedFiles: string[] = [],
  removedFiles: string[] = []
): string {
  const files = indexedFiles(moduleRoot, plannedFiles, removedFiles)
  const names = importNames(files)
  const isMessage = (file: string) => MODULE_INDEX_SECTIONS.messages.test(file)
  const imports = files.map((file) => {
    const from = `../${file.replace(/\.ts$/, '.js')}`
    return isMessage(file)
      ? `import * as ${names.get(file)} from '${from}'`
      : `import ${names.get(file)} from '${from}'`
  })
  const sections = (Object.keys(MODULE_INDEX_SECTIONS) as (keyof ModuleIndex)[]).map((section) => {
    const entries = files.filter((file) => MODULE_INDEX_SECTIONS[section].test(file))
    if (entries.length === 0) return `  ${section}: {},`
    const lines = entries.map((file) => `    '${file}': ${names.get(file)},`)
    return [`  ${section}: {`, ...lines, '  },'].join('\n')
  })
  return [
    '/*',
    ` * Index of the ${basename(moduleRoot)} module, generated from its files by the scaffolding`,
    ' * commands, `node ace pantheon:index` and before `node ace serve|test|build`. Its registration',
    ' * class reads it at boot. Do not edit: a test fails when it no longer matches the files.',
    ' */',
    "import { defineModuleIndex } from '@pantheon/kit/modules'",
    ...imports,
    '',
    'export default defineModuleIndex({',
    ...sections,
    '})',
    '',
  ].join('\n')
}
