/**
 * The module that owns an integration event: contracts are named `<module>.<event>` (for
 * instance `catalog.product_created`), so the prefix names the publishing module.
 */
export function moduleOfEventType(type: string): string {
  const dot = type.indexOf('.')
  return dot > 0 ? type.slice(0, dot) : type
}
