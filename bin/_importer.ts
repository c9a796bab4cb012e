/**
 * The application root and the importer every entry point hands to the Ignitor, so
 * relative provider and preload paths resolve against the app root.
 */
export const APP_ROOT = new URL('../', import.meta.url)

export function appImporter(filePath: string) {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}
