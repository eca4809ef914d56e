import { connect } from 'node:net';

export interface RawAnswer {
  /** The HTTP status, 0 when no answer came. */
  status: number;
  headers: Record<string, string>;
  /** The answer's body, parsed as JSON when it is. */
  body: unknown;
  /** Body bytes that went out before the answer came or the connection ended. */
  sent: number;
  /** The server ended the connection. */
  closed: boolean;
}

function parse(raw: Buffer): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const text = raw.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: null };
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const rest = text.slice(end + 4);
  let body: unknown = rest;
  try {
    body = JSON.parse(rest);
  } catch {
    // not JSON: the text
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * A client that writes its request by hand, as an abuser would: the head, then the body's chunks
 * as fast as the connection takes them (HTTP chunked when `chunked`), until the server answers (or,
 * with `whole`, to the end, as an honest client does) or ends the connection. Answers what came
 * back and how much of the body went out meanwhile.
 */
export function streamRequest(
  port: number,
  head: { path: string; headers: Record<string, string> },
  body: Iterable<Buffer>,
  chunked: boolean,
  whole = false,
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let answered = false;
    let closed = false;
    let ended = false;
    let sent = 0;
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (!answered) setTimeout(() => socket.destroy(), 5_000).unref();
      answered = true;
    });
    // The server ended the connection: a FIN, or a reset (it closed with our bytes still unread).
    socket.on('end', () => (ended = true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') ended = true;
    });
    socket.on('close', () => {
      closed = true;
      resolve({ ...parse(Buffer.concat(received)), sent, closed: ended });
    });
    const headers = { host: `127.0.0.1:${port}`, ...head.headers, ...(chunked ? { 'transfer-encoding': 'chunked' } : {}) };
    socket.write(`POST ${head.path} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`);
    const chunks = body[Symbol.iterator]();
    const pump = () => {
      while ((whole || !answered) && !closed) {
        const next = chunks.next();
        if (next.done) {
          if (chunked) socket.write('0\r\n\r\n');
          return;
        }
        const framed = chunked ? Buffer.concat([Buffer.from(`${next.value.length.toString(16)}\r\n`), next.value, Buffer.from('\r\n')]) : next.value;
        sent += next.value.length;
        if (!socket.write(framed)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.once('connect', pump);
  });
}
