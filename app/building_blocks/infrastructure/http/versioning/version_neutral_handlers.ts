/**
 * The route handlers of version-neutral endpoints. The answers no route gives (OPTIONS, 405)
 * look at the routes a path takes: a path only neutral routes take serves no version, so those
 * answers send none of a deprecated version's headers, as the routes themselves do not.
 */
const neutralHandlers = new WeakSet<object>()

export function markVersionNeutral<Handler extends object>(handler: Handler): Handler {
  neutralHandlers.add(handler)
  return handler
}

export function isVersionNeutral(handler: unknown): boolean {
  return typeof handler === 'function' && neutralHandlers.has(handler)
}
