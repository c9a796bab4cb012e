import { Command, Query, type MessageClass } from '../../application/messages.js'
import type { HandlerClass } from '../../application/handlers.js'
import type { CommandValidator } from '../../application/validation/command_validator.js'
import { findModuleFiles, importDefault, importFile } from './module_files.js'

/** What a module's application layer holds, found by file-name convention. */
export interface MessageCatalog {
  commands: MessageClass[]
  queries: MessageClass[]
  handlers: Map<MessageClass, HandlerClass>
  validators: Map<MessageClass, CommandValidator>
}

function isSubclassOf(value: unknown, base: Function): value is MessageClass {
  return typeof value === 'function' && value.prototype instanceof base
}

/**
 * Reads `application/` of a module: every exported Command and Query class from
 * `*_command`/`*_query` files, handlers from `*_handler` files (default export with a static
 * `handles`), validators from `*_validator` files (default export of defineCommandValidator).
 * Any gap (a message without a handler, a command without a validator, two handlers for one
 * message) stops the boot with a message saying what to add.
 */
export async function readMessageCatalog(moduleRoot: string): Promise<MessageCatalog> {
  const catalog: MessageCatalog = {
    commands: [],
    queries: [],
    handlers: new Map(),
    validators: new Map(),
  }

  for (const file of findModuleFiles(moduleRoot, 'application/**/*_{command,query}')) {
    for (const exported of Object.values(await importFile(file))) {
      if (isSubclassOf(exported, Command)) catalog.commands.push(exported)
      else if (isSubclassOf(exported, Query)) catalog.queries.push(exported)
    }
  }

  for (const file of findModuleFiles(moduleRoot, 'application/**/*_handler')) {
    const handler = (await importDefault(file)) as HandlerClass
    if (!isSubclassOf(handler.handles, Command) && !isSubclassOf(handler.handles, Query)) {
      throw new Error(
        `${file}: the handler class needs "static handles = <Command or Query class>"`
      )
    }
    const existing = catalog.handlers.get(handler.handles)
    if (existing) {
      throw new Error(
        `${handler.handles.name} has two handlers (${existing.name}, ${handler.name}): keep one`
      )
    }
    catalog.handlers.set(handler.handles, handler)
  }

  for (const file of findModuleFiles(moduleRoot, 'application/**/*_validator')) {
    const definition = (await importDefault(file)) as CommandValidator
    if (!isSubclassOf(definition.command, Command)) {
      throw new Error(`${file}: export default defineCommandValidator(<Command class>, validator)`)
    }
    catalog.validators.set(definition.command, definition)
  }

  for (const message of [...catalog.commands, ...catalog.queries]) {
    if (!catalog.handlers.has(message)) {
      throw new Error(`${message.name} has no handler: add a *_handler.ts with "static handles"`)
    }
  }
  for (const command of catalog.commands) {
    if (!catalog.validators.has(command)) {
      throw new Error(`${command.name} has no validator: add a *_validator.ts beside it`)
    }
  }
  return catalog
}
