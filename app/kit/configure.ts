import type ConfigureCommand from '@adonisjs/core/commands/configure'

/** Registers the kit in an existing AdonisJS app (see docs/architecture.md). */
export async function configure(command: ConfigureCommand) {
  command.logger.info('@pantheon/kit: configure is not implemented yet')
}
