import { Command, Query, type MessageClass } from '../../application/messages.js'
import type { HandlerClass } from '../../application/handlers.js'
import type { CommandValidator } from '../../application/validation/command_validator.js'
import type { ModuleIndex } from './module_index.js'

/** What a module's application layer holds, read from its index. */
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
 * Reads the application layer from a module's index: every exported Command and Query class of
 * its command and query files, the handlers (default export with a static `handles`) and the
 * validators (default export of defineCommandValidator). Any gap (a message without a handler, a
 * command without a validator, two handlers for one message) stops the boot with a message
 * saying what to add.
 */
export function readMessageCatalog(index: ModuleIndex): MessageCatalog {
  const catalog: MessageCatalog = {
    commands: [],
    queries: [],
    handlers: new Map(),
    validators: new Map(),
  }

  for (const namespace of Object.values(index.messages)) {
    for (const exported of Object.values(namespace)) {
      if (isSubclassOf(exported, Command)) catalog.commands.push(exported)
      else if (isSubclassOf(exported, Query)) catalog.queries.push(exported)
    }
  }

  for (const [file, exported] of Object.entries(index.handlers)) {
    const handler = exported as HandlerClass
    if (!isSubclassOf(handler?.handles, Command) && !isSubclassOf(handler?.handles, Query)) {
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

  for (const [file, exported] of Object.entries(index.validators)) {
    const definition = exported as CommandValidator
    if (!isSubclassOf(definition?.command, Command)) {
      throw new Error(`${file}: export default defineCommandValidator(<Command class>, validator)`)
    }
    if (catalog.validators.has(definition.command)) {
      throw new Error(
        `${definition.command.name} has two validators (the second in ${file}): keep one`
      )
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
