import fc from 'fast-check'
import { contentLengths, halfClosedRequests, transferEncodings } from './body_framing.js'
import type { RawCase } from './generated_request.js'
import { headerLines, pipelined, requestLines } from './request_heads.js'

/**
 * Requests whose framing is broken or unusual: an HTTP client would correct or refuse them, so
 * they are bytes for a raw socket. Node's HTTP parser answers most of them itself (400, 413,
 * 417, 431) before the app sees anything; the point is that none is a 5xx, a hang or a crash.
 */
export const brokenFraming: fc.Arbitrary<RawCase> = fc.oneof(
  { weight: 4, arbitrary: contentLengths },
  { weight: 4, arbitrary: transferEncodings },
  { weight: 2, arbitrary: requestLines },
  { weight: 3, arbitrary: headerLines },
  { weight: 1, arbitrary: pipelined },
  { weight: 2, arbitrary: halfClosedRequests }
)
