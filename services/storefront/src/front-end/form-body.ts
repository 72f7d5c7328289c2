import type { IncomingMessage } from 'node:http';

/** What a form's body was: its fields, more than the limit (the rest left unread), or cut short by the client. */
export type FormBody = { fields: URLSearchParams } | { tooLarge: true } | { broken: true };

/**
 * Is the request's body a plain HTML form's, as a browser sends one: `application/x-www-form-urlencoded`,
 * UTF-8 (the shop's pages are; a charset parameter, if any, says so), not compressed. Anything else is
 * not the shop's form.
 */
export function isPlainForm(req: IncomingMessage): boolean {
  const [type, ...parameters] = (req.headers['content-type'] ?? '').split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/x-www-form-urlencoded') return false;
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  return (charset === undefined || charset === 'utf-8' || charset === 'utf8') && encoding === 'identity';
}

/**
 * Reads a form's body, at most `limit` bytes of it: a body announced larger is not read at all, one that
 * grows larger stops being read at the limit. What is left of it is the answer's to deal with (read and
 * thrown away, or the connection closed after the answer: edge/unread-bodies.ts's endAnswer).
 */
export function readFormBody(req: IncomingMessage, limit: number): Promise<FormBody> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (body: FormBody) => {
      req.off('data', onData).off('end', onEnd).off('error', onBroken).off('close', onBroken);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        return settle({ tooLarge: true });
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle({ fields: new URLSearchParams(Buffer.concat(chunks, size).toString('utf8')) });
    const onBroken = () => settle({ broken: true });
    req.on('data', onData).on('end', onEnd).on('error', onBroken).on('close', onBroken);
  });
}
