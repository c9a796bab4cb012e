import { fileURLToPath } from 'node:url'

/**
 * The kit's own stubs (stubs/pantheon/… inside the package). An app overrides one by keeping a
 * file of the same path under its own stubs/ folder (`node ace pantheon:eject`).
 */
export const stubsRoot = fileURLToPath(new URL('../../stubs/', import.meta.url))
