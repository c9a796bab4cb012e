/**
 * Awaits `promise` and says whether it settled before a timer set now for `ms` fired. Node runs
 * timers that fell due in the order they fell due, with promise callbacks between them, so an
 * answer that a shorter timer of the code under test gives comes first however busy the
 * machine is, which no bound on elapsed time can say.
 */
export async function beforeTimer<T>(promise: Promise<T>, ms: number) {
  let fired = false
  const timer = setTimeout(() => (fired = true), ms)
  try {
    const value = await promise
    return { value, inTime: !fired }
  } finally {
    clearTimeout(timer)
  }
}
