import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { dependencyOutage, isDependencyOutage } from './dependency-outage';

describe('isDependencyOutage', () => {
  it('knows a PostgreSQL that is not listening, from the real driver', async () => {
    // Port 1 on loopback: nothing listens there, so the connect is refused at once.
    const client = new pg.Client({
      connectionString: 'postgres://postgres@127.0.0.1:1/none',
      connectionTimeoutMillis: 2_000,
    });
    const error = await client.connect().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).not.toBeNull();
    expect(isDependencyOutage(error)).toBe(true);
    expect(isDependencyOutage((error as Error).message)).toBe(true);
  });

  it('knows a server going away by its SQLSTATE, through TypeORM', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDependencyOutage(new QueryFailedError('SELECT 1', [], shutdown))).toBe(true);
    expect(isDependencyOutage(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(dependencyOutage(new QueryFailedError('SELECT 1', [], shutdown))).toBe('PostgreSQL');
  });

  it('names Redis when ioredis gives up on a command', () => {
    const gaveUp = Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
      name: 'MaxRetriesPerRequestError',
    });
    expect(dependencyOutage(gaveUp)).toBe('Redis');
    expect(dependencyOutage(new Error('Connection is closed.'))).toBe('Redis');
  });

  it('names the side of a refused socket by its port, and takes another port for no outage of its own', () => {
    const endpoints = [
      { dependency: 'PostgreSQL' as const, port: 5432 },
      { dependency: 'Redis' as const, port: 6379 },
    ];
    const refused = (port: number) =>
      Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), { code: 'ECONNREFUSED', port });
    expect(dependencyOutage(refused(6379), endpoints)).toBe('Redis');
    expect(dependencyOutage(refused(5432), endpoints)).toBe('PostgreSQL');
    expect(dependencyOutage(refused(443), endpoints)).toBeNull();
    expect(dependencyOutage('getaddrinfo ENOTFOUND db.internal')).toBe('PostgreSQL or Redis');
    expect(dependencyOutage('the database system is not yet accepting connections')).toBe('PostgreSQL');
  });

  it('does not take a refused query or a bug for an outage', () => {
    const refused = Object.assign(new Error('value "3000000000" is out of range for type integer'), { code: '22003' });
    expect(isDependencyOutage(new QueryFailedError('INSERT', [], refused))).toBe(false);
    expect(isDependencyOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyOutage('Every row was rejected')).toBe(false);
    expect(isDependencyOutage(undefined)).toBe(false);
  });
});
