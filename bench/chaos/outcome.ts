/** One answer the server wrote. */
export interface Answer {
  status: number
  /** Its Content-Type; Node's own answers to requests it cannot parse have none (nor a body). */
  contentType?: string
}

/** What came back for one request. */
export interface Outcome {
  /** Every answer the server wrote (pipelined bytes may get several); [] for none. */
  answers: Answer[]
  /**
   * answered: at least one status came back. closed: the server closed the connection without
   * answering; reset: it reset it without answering; hang: no answer within the time limit;
   * refused: nothing listens any more.
   */
  ending: 'answered' | 'closed' | 'reset' | 'hang' | 'refused'
  /** The first bytes of the answer, for the report. */
  answer: string
  /** How it was sent: by the HTTP client, or byte for byte over a socket. */
  transport: 'client' | 'raw'
  /** Every byte of the request had been handed to the connection before it ended. */
  sentWhole: boolean
  error?: string
}

/** The first bytes of an answer kept for the report. */
export const ANSWER_EXCERPT = 300

/** How an exchange with no answer ended, from the socket error that ended it. */
export function endingOf(error: NodeJS.ErrnoException | undefined): Outcome['ending'] {
  if (error?.code === 'ECONNREFUSED') return 'refused'
  if (error?.code === 'ECONNRESET' || error?.code === 'EPIPE') return 'reset'
  return 'closed'
}
