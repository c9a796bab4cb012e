import { setFlagsFromString } from 'node:v8'

/**
 * Turns off V8's allocation-site pretenuring for this process. Call it first in the host's
 * entry point, before the app and its drivers are loaded.
 *
 * V8 watches where objects are made, and when nearly every object a place in the code made
 * survives a young-generation collection, it makes that place's later objects directly in the
 * old generation. At boot nearly everything survives (routes, containers, pools, the first
 * queries), so code that runs both at boot and for each request (the database driver's and
 * the query builder's) learned to put request objects in the old generation. There they die
 * within milliseconds, but only a full collection frees them, and until then whatever young
 * objects they point to survive every minor collection and are copied into the old generation
 * in turn. Under 50 connections on a GET that waits for PostgreSQL, minor pauses took 3–4 ms
 * instead of about 1 ms and the p99 latency 12 ms instead of 8 (docs/performance.md).
 *
 * Node can also take the flag on its command line (`node --no-allocation-site-pretenuring`),
 * but an app is started in many ways (its start script, a process manager, a container's
 * command) and `NODE_OPTIONS` does not accept it; set here, it holds however the host starts.
 * Node warns that V8 flags changed after start-up may behave unpredictably. This one is read
 * when a collection weighs what survived, so from here on no place in the code learns to
 * pretenure; set before the app loads, nothing of the app's had learned it yet.
 */
export function keepRequestObjectsYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring')
}
