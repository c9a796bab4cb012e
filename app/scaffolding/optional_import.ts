/** The module, or undefined when it is not installed (an optional peer of the kit). */
export async function optionalImport<T>(specifier: string): Promise<T | undefined> {
  try {
    return (await import(specifier)) as T
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return undefined
    throw error
  }
}
