import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import type { BaseCommand } from '@adonisjs/core/ace'
import type { FileWriter } from '#kit/scaffolding/file_plan'
import { diskWriter } from '#kit/scaffolding/file_plan'

/**
 * Runs a scaffolding command in-process, in ace's raw UI mode so its output can be read,
 * and returns it with what it printed.
 */
export async function runCommand<T extends typeof BaseCommand>(
  command: T,
  argv: string[],
  options: { writer?: FileWriter } = {}
) {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const instance = (await ace.create(command, argv)) as InstanceType<T> & { writer?: FileWriter }
  if (options.writer) instance.writer = options.writer
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

/** Removes a module a test generated in this app. */
export async function removeModule(folder: string) {
  const path = app.makePath('modules', folder)
  if (existsSync(path)) await rm(path, { recursive: true, force: true })
}
