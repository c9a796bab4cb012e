import { defineConfig } from '@adonisjs/core/http'

// The defaults: no request ids, no async local storage.
export const http = defineConfig({})
