/**
 * Where an app keeps the description of its modules that `node ace docs:modules` writes. Apart
 * from the renderer, so that the scaffolding commands can look for the file without loading
 * the module inventory.
 */
export const MODULES_DOCUMENT_PATH = 'docs/modules.md'
