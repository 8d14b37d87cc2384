/**
 * Errors that mean "the database cannot answer right now" rather than "this request is wrong": the
 * server restarting or failing over, a connection cut, a pool with no free connection in time, a
 * query or statement timeout. The request answers 503 with Retry-After; a transaction that met one
 * was rolled back by PostgreSQL, so nothing is half-written.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs: 08xxx connection exceptions, 57P01-57P05 shutdown and cannot-connect-now, 53300 too many connections, 57014 statement timeout. */
const SQLSTATE = /^(08...|57P0[1-5]|53300|57014)$/;

const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Client was closed',
  'Cannot use a pool after calling end',
  'the database system is',
  'terminating connection',
  'the database is not answering',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; follow the chain a few links deep.
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
