/** An endpoint's route, as its class declares it, and the file that declares it. */
export interface DeclaredRoute {
  file: string
  method: string
  path: string
}

export interface RouteCollision {
  severity: 'error' | 'warning'
  routes: [DeclaredRoute, DeclaredRoute]
}

/** The path with every parameter unnamed: `/:id` and `/:slug` match the same requests. */
function shape(path: string): string {
  return path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? ':?' : ':') : segment))
    .join('/')
}

/**
 * Endpoints of one route group that answer the same requests: the same method and path (the
 * router refuses the second at boot: an error), or the same method and a path that differs only
 * in its parameters' names, such as `/:id` and `/:slug` (the first registered takes every
 * request: a warning).
 */
export function routeCollisions(routes: readonly DeclaredRoute[]): RouteCollision[] {
  const collisions: RouteCollision[] = []
  const seen = new Map<string, DeclaredRoute>()
  for (const route of routes) {
    const key = `${route.method.toLowerCase()} ${shape(route.path)}`
    const first = seen.get(key)
    if (!first) {
      seen.set(key, route)
      continue
    }
    const exact = first.path.replace(/\/+$/, '') === route.path.replace(/\/+$/, '')
    collisions.push({ severity: exact ? 'error' : 'warning', routes: [first, route] })
  }
  return collisions
}
