import { errors } from 'undici';
import { failureAnswerOf, isTimeout } from './upstream-failures.js';

describe('failureAnswerOf', () => {
  it('answers 504 to a timeout, 502 to a garbled answer, 400 to a request undici will not send and 503 to anything else', () => {
    expect(failureAnswerOf(new errors.HeadersTimeoutError(), 'users').status).toBe(504);
    expect(failureAnswerOf(new errors.ConnectTimeoutError(), 'users').status).toBe(504);
    expect(failureAnswerOf(Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_CONSTANT' }), 'users').status).toBe(502);
    expect(failureAnswerOf(new errors.ResponseContentLengthMismatchError(), 'users').status).toBe(502);
    expect(failureAnswerOf(new errors.HTTPParserError('Response does not match the HTTP/1.1 protocol'), 'users').status).toBe(502);
    expect(failureAnswerOf(new errors.InvalidArgumentError('invalid header'), 'users')).toEqual({ status: 400, body: { message: 'Malformed request' } });
    expect(failureAnswerOf(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), 'users')).toEqual({
      status: 503,
      body: { message: 'The users service is unavailable, please try again shortly' },
    });
    expect(failureAnswerOf(new errors.SocketError('other side closed'), 'users').status).toBe(503);
  });

  it('tells a silent service from a failing one', () => {
    expect(isTimeout(new errors.BodyTimeoutError())).toBe(true);
    expect(isTimeout(new errors.SocketError('closed'))).toBe(false);
    expect(isTimeout('not an error')).toBe(false);
  });
});
