export * from './integration_event.js'
export * from './payload_check.js'
export * from './payload_rules.js'
