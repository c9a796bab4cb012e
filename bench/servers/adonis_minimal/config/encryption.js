import { defineConfig, drivers } from '@adonisjs/core/encryption'

// The app provider requires an encrypter; nothing here is encrypted.
export default defineConfig({
  default: 'gcm',
  list: {
    gcm: drivers.aes256gcm({ keys: ['bench-key-bench-key-bench-key-bench-key'], id: 'gcm' }),
  },
})
