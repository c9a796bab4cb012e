export * from './integration_event.js'
