/*
 * The ace loader of Pantheon's scaffolding commands. Ace would otherwise import every file of
 * commands/ on each `node ace` call; with this index (commands.json, written by
 * `npm run index:commands` and checked by a test) it imports only the command being run.
 */
import { readFile } from 'node:fs/promises'

interface CommandIndexEntry {
  commandName: string
  filePath: string
  [key: string]: unknown
}

let entries: CommandIndexEntry[] | undefined

export async function getMetaData(): Promise<CommandIndexEntry[]> {
  entries ??= JSON.parse(await readFile(new URL('./commands.json', import.meta.url), 'utf8'))
    .commands as CommandIndexEntry[]
  return entries
}

export async function getCommand(metaData: { commandName: string }) {
  const index = await getMetaData()
  const entry = index.find(({ commandName }) => commandName === metaData.commandName)
  if (!entry) return null
  const { default: command } = await import(new URL(entry.filePath, import.meta.url).href)
  return command
}
