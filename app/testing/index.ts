export * from './architecture/cruise_architecture.js'
export * from './architecture/rules.js'
