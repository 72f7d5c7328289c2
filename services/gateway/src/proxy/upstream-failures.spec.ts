import { jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { ClientRequest } from 'node:http';
import { failureAnswerOf, limitUpstreamSilence, UpstreamTimeoutError } from './upstream-failures.js';

/** Just enough of a ClientRequest and its socket to watch the timers. */
function fakeRequest() {
  const request = Object.assign(new EventEmitter(), {
    destroyedWith: undefined as Error | undefined,
    setTimeout: jest.fn(),
    destroy(error: Error) {
      this.destroyedWith = error;
    },
  });
  const socket = Object.assign(new EventEmitter(), { connecting: true });
  return { request, socket };
}

describe('limitUpstreamSilence', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives up on a service that does not even accept the connection in time', () => {
    const { request, socket } = fakeRequest();
    limitUpstreamSilence(request as unknown as ClientRequest, 'catalog', 1_000);
    request.emit('socket', socket);
    jest.advanceTimersByTime(1_000);
    expect(request.destroyedWith).toBeInstanceOf(UpstreamTimeoutError);
  });

  it('leaves a connection made in time to the idle timeout', () => {
    const { request, socket } = fakeRequest();
    limitUpstreamSilence(request as unknown as ClientRequest, 'catalog', 1_000);
    request.emit('socket', socket);
    jest.advanceTimersByTime(500);
    socket.emit('connect');
    jest.advanceTimersByTime(5_000);
    expect(request.destroyedWith).toBeUndefined();
    expect(request.setTimeout).toHaveBeenCalledWith(1_000, expect.any(Function));
  });
});

describe('failureAnswerOf', () => {
  it('answers 504 to a timeout, 502 to a garbled answer and 503 to anything else', () => {
    expect(failureAnswerOf(new UpstreamTimeoutError('users', 10), 'users').status).toBe(504);
    expect(failureAnswerOf(Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_CONSTANT' }), 'users').status).toBe(502);
    expect(failureAnswerOf(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), 'users')).toEqual({
      status: 503,
      body: { message: 'The users service is unavailable, please try again shortly' },
    });
  });
});
