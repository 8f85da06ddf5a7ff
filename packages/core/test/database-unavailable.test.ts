import {
  DriverException,
  LockWaitTimeoutException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/errors/domain-error';
import { domainErrorOf } from '../src/errors/domain-error-of';
import { isDatabaseUnavailable, isDatabaseUnreachable } from '../src/persistence/database-unavailable';

describe('a database that cannot serve in time', () => {
  const driverError = (code: string, message = 'from the driver') =>
    Object.assign(new Error(message), { code });

  it('is recognised from what node-postgres, pg-pool and the network raise, converted or raw', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnreachable(new Error(message))).toBe(true);
      expect(isDatabaseUnreachable(new DriverException(new Error(message)))).toBe(true);
    }
    expect(isDatabaseUnreachable(driverError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnreachable(driverError('57P01'))).toBe(true);
    expect(isDatabaseUnreachable(driverError('08006'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('wrapped', { cause: driverError('ECONNRESET') }))).toBe(true);
  });

  it('includes a statement or a lock that took too long, which is not a lost connection', () => {
    for (const code of ['57014', '55P03', '25P03', '53300']) {
      expect(isDatabaseUnavailable(driverError(code))).toBe(true);
      expect(isDatabaseUnreachable(driverError(code))).toBe(false);
    }
    expect(isDatabaseUnavailable(new LockWaitTimeoutException(driverError('55P03')))).toBe(true);
  });

  it('leaves bugs and bad statements alone', () => {
    expect(isDatabaseUnavailable(new UniqueConstraintViolationException(driverError('23505')))).toBe(false);
    expect(isDatabaseUnavailable(driverError('42601', 'syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('is the domain error `unavailable` with a Retry-After, which the transports answer as 503', () => {
    const domain = domainErrorOf(new Error('Connection terminated unexpectedly'));
    expect(domain).toBeInstanceOf(DomainError);
    expect(domain).toMatchObject({ code: 'unavailable', retryAfterSeconds: expect.any(Number) });
    expect(domainErrorOf(new TypeError('a bug'))).toBeUndefined();
  });
});
