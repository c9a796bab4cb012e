export * from './pantheon_config.js'
export * from './database_command.js'
export * from './transport_check.js'
