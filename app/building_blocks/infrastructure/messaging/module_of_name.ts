/**
 * The module a name belongs to: integration events are named `<module>.<event>` (for instance
 * `catalog.product_created`) and consumers `<module>.<ConsumerClass>`, so the prefix names the
 * publishing or the consuming module.
 */
export function moduleOfName(name: string): string {
  const dot = name.indexOf('.')
  return dot > 0 ? name.slice(0, dot) : name
}
