/*
 * Writes commands/commands.json: the metadata of every command in commands/ (name, args, flags),
 * which commands/_index.ts hands to ace so it imports only the command being run.
 * Run after adding or changing a command: npm run index:commands
 */
import { globSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const COMMANDS = join(import.meta.dirname, '..', 'commands')

/** The index as it should be for the command files on disk. */
export async function buildCommandsIndex(): Promise<string> {
  const files = globSync('*.ts', { cwd: COMMANDS })
    .filter((file) => !file.startsWith('_') && !file.endsWith('.d.ts'))
    .sort()
  const commands = []
  for (const file of files) {
    const { default: command } = await import(pathToFileURL(join(COMMANDS, file)).href)
    commands.push({ ...command.serialize(), filePath: `./${file.replace(/\.ts$/, '.js')}` })
  }
  return `${JSON.stringify({ commands }, null, 2)}\n`
}

if (process.argv[1] === import.meta.filename) {
  await writeFile(join(COMMANDS, 'commands.json'), await buildCommandsIndex())
  console.log('wrote commands/commands.json')
}
