import { rmSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import app from '@adonisjs/core/services/app'
import type { BaseCommand } from '@adonisjs/core/ace'
import type { ApplicationService } from '@adonisjs/core/types'
import Init from '#commands/init'
import { getCommand } from '#commands/_index'
import type { FileWriter } from '#kit/scaffolding/file_plan'
import { diskWriter } from '#kit/scaffolding/file_plan'

/** This repository's root, which is the kit's package, and its installed packages. */
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url))

/**
 * This app's services with another root: a command given it reads and writes the app made by
 * `init` there (every path of a scaffolding command comes from `app.makePath`, and `configure`'s
 * start/ files from `app.startPath`), never this repository.
 */
function appRootedAt(root: string): ApplicationService {
  return new Proxy(app, {
    get(target, key) {
      if (key === 'makePath') return (...paths: string[]) => join(root, ...paths)
      if (key === 'startPath') return (...paths: string[]) => join(root, 'start', ...paths)
      if (key === 'appRoot') return pathToFileURL(`${root}/`)
      const value = Reflect.get(target, key, target) as unknown
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/**
 * Runs a scaffolding command in-process, in ace's raw UI mode so its output can be read, and
 * returns it with what it printed. In-process, a test can give it a writer that fails.
 */
export async function runCommand<T extends typeof BaseCommand>(
  command: T,
  argv: string[],
  options: { writer?: FileWriter; appRoot?: string } = {}
) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const instance = (await ace.create(command, argv)) as InstanceType<T> & { writer?: FileWriter }
  if (options.writer) instance.writer = options.writer
  if (options.appRoot) instance.app = appRootedAt(options.appRoot)
  // Raw mode keeps every log of the process: only this command's are its output.
  instance.logger.flushLogs()
  await instance.exec()
  const logs = instance.logger.getLogs().map((entry) => entry.message)
  return { command: instance, output: logs.join('\n'), exitCode: instance.exitCode ?? 0 }
}

/** A writer that fails on the n-th write, after the earlier ones reached the disk. */
export function failingWriter(failOnWrite: number): FileWriter {
  let writes = 0
  return {
    async write(path, contents, mode) {
      writes += 1
      if (writes === failOnWrite) throw new Error('disk full (injected)')
      await diskWriter.write(path, contents, mode)
    },
    remove: diskWriter.remove,
  }
}

let sharedModules: Promise<string> | undefined

/**
 * One node_modules folder for every app of this process: a link to each package this repository
 * installed, and @pantheon/kit linked to this repository (its package.json exports the kit's
 * sources). Made once: a symlink costs most of a millisecond on some file systems, and a folder
 * of 700 of them for every app made the scaffolding specs spend more time in the kernel than in
 * the commands.
 */
function linkedModules(): Promise<string> {
  sharedModules ??= (async () => {
    const folder = await mkdtemp(join(tmpdir(), 'pantheon-linked-modules-'))
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
    const modules = join(folder, 'node_modules')
    await mkdir(join(modules, '@pantheon'), { recursive: true })
    for (const entry of await readdir(join(REPOSITORY, 'node_modules'))) {
      // .bin too: the doctor follows .bin/tsc, and `npm run` finds the programs there.
      if (entry === '@pantheon' || (entry.startsWith('.') && entry !== '.bin')) continue
      await symlink(join(REPOSITORY, 'node_modules', entry), join(modules, entry), 'dir')
    }
    await symlink(REPOSITORY, join(modules, '@pantheon', 'kit'), 'dir')
    return modules
  })()
  return sharedModules
}

/**
 * Gives the app a node_modules that is a link to the shared one (`linkedModules`): the
 * generated files resolve their imports, and prettier finds the app's config, with no install.
 * Nothing may write into it: every app of the process sees the same folder.
 */
export async function linkPackages(root: string) {
  await symlink(await linkedModules(), join(root, 'node_modules'), 'dir')
}

let template: Promise<string> | undefined

/** An app made by `init` once per test process, copied for each test. */
function templateApp(): Promise<string> {
  template ??= (async () => {
    const out = await mkdtemp(join(tmpdir(), 'pantheon-scaffolding-template-'))
    process.once('exit', () => rmSync(out, { recursive: true, force: true }))
    const { exitCode, output } = await runCommand(Init, ['Shop', '--out', out, '--kit', '^0.2.0'])
    if (exitCode !== 0) throw new Error(`init failed:\n${output}`)
    return join(out, 'Shop')
  })()
  return template
}

export interface ScaffoldingApp {
  root: string
  /** A path inside the app. */
  path(...segments: string[]): string
  /** Runs a scaffolding command in the app, as `runCommand` does. */
  run<T extends typeof BaseCommand>(
    command: T,
    argv: string[],
    options?: { writer?: FileWriter }
  ): ReturnType<typeof runCommand<T>>
  /** Runs scaffolding commands one after another; the first that fails throws with its output. */
  runAll(steps: readonly ScaffoldingStep[]): Promise<void>
  remove(): Promise<void>
}

/** One scaffolding command and its arguments, as `node ace` would be given them. */
type ScaffoldingStep = readonly [typeof BaseCommand, readonly string[]]

/** A new app made by `init` in a temp folder, for a test to scaffold in. */
export async function scaffoldingApp(): Promise<ScaffoldingApp> {
  const root = join(await mkdtemp(join(tmpdir(), 'pantheon-scaffolding-')), 'Shop')
  await cp(await templateApp(), root, { recursive: true })
  await linkPackages(root)
  const run: ScaffoldingApp['run'] = (command, argv, options = {}) =>
    runCommand(command, argv, { ...options, appRoot: root })
  return {
    root,
    path: (...segments) => join(root, ...segments),
    run,
    async runAll(steps) {
      for (const [command, argv] of steps) {
        const { exitCode, output } = await run(command, [...argv])
        if (exitCode !== 0) {
          throw new Error(
            `${command.commandName} ${argv.join(' ')} failed (exit ${exitCode}):\n${output}`
          )
        }
      }
    },
    remove: () => rm(join(root, '..'), { recursive: true, force: true }),
  }
}

/** The kit's commands that only read and write the app's files: nothing of theirs needs a process. */
const FILE_COMMANDS =
  /^(init|add-[a-z-]+|remove-[a-z]+|sync-entity|deprecate-api-version|pantheon:(index|eject)|docs:modules|list:[a-z]+)$/

/**
 * `node ace <command> ...args` of a scaffolding command, run in this process against the app at
 * `root`: the same command class and file writes as the spawned command, without a Node start
 * and an app boot for each (the spawned way is kept for the few end-to-end workouts). Answers
 * undefined for any other command, which the caller runs as a process. A failure throws with
 * the command's output, as a failed process does.
 */
export async function scaffoldInProcess(
  root: string,
  argv: string[]
): Promise<{ stdout: string; stderr: string } | undefined> {
  const result = await runInProcess(root, argv)
  if (!result) return undefined
  if (result.exitCode !== 0) {
    throw new Error(
      `node ace ${argv.join(' ')} failed in ${root} (exit ${result.exitCode}):\n${result.output}`
    )
  }
  return { stdout: result.output, stderr: '' }
}

/** As scaffoldInProcess, but a failure is answered with its output and exit code, not thrown. */
export async function runInProcess(
  root: string,
  argv: string[]
): Promise<{ output: string; exitCode: number } | undefined> {
  const [name, ...args] = argv
  if (!name || !FILE_COMMANDS.test(name)) return undefined
  const command = (await getCommand({ commandName: name })) as typeof BaseCommand | null
  if (!command) throw new Error(`${name} is not one of the kit's commands`)
  return runCommand(command, args, { appRoot: root })
}
