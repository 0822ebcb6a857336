// The fault suite's own PostgreSQL cluster, redis-server and built api and worker processes, each
// of which a scenario may stop, kill and start again. Nothing here touches the machine's shared
// PostgreSQL (5432) or Redis (6379): every server is started on a free loopback port in a temporary
// directory that is removed on exit.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pg = require('pg');
const Redis = require('ioredis');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Polls `probe` every `everyMs` until it answers truthy (returned) or `seconds` pass (then null). */
export async function until(seconds, probe, everyMs = 200) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) return null;
    await sleep(everyMs);
  }
}

function pgBinDir() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions)
    if (existsSync(path.join(base, version, 'bin', 'initdb'))) return path.join(base, version, 'bin');
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return path.dirname(found.stdout.trim());
  throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found in /usr/lib/postgresql/*/bin or on PATH');
}

function redisBinary() {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server'])
    if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  throw new Error('redis-server not found');
}

/**
 * A PostgreSQL cluster of the suite's own: initdb in a temporary directory (as the postgres OS user
 * when this runs as root, since initdb refuses root), trust auth on loopback, fsync off.
 */
export class PostgresCluster {
  constructor(tmp) {
    this.bin = pgBinDir();
    this.dir = path.join(tmp, 'pg');
    this.dataDir = path.join(this.dir, 'data');
    this.socketDir = path.join(this.dir, 'run');
    this.logFile = path.join(this.dir, 'postgres.log');
    this.asRoot = process.getuid?.() === 0;
    this.port = 0;
  }

  run(binary, args) {
    const command = path.join(this.bin, binary);
    const result = this.asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${binary} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
    return result.stdout;
  }

  async init() {
    mkdirSync(this.socketDir, { recursive: true });
    if (this.asRoot) {
      const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      if (ids.status !== 0) throw new Error('running as root needs a postgres OS user for initdb');
      const [uid, gid] = [Number(ids.stdout.trim()), Number(gids.stdout.trim())];
      for (const dir of [path.dirname(this.dir), this.dir, this.socketDir]) chownSync(dir, uid, gid);
    }
    this.run('initdb', ['-D', this.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '-N']);
    this.port = await freePort();
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  start() {
    const options = [
      `-p ${this.port}`,
      `-k ${this.socketDir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
      '-c shared_buffers=64MB',
    ].join(' ');
    this.run('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '60', '-o', options, 'start']);
  }

  /** `pg_ctl stop -m fast`: sessions are disconnected, as an operator's restart or a failover does. */
  stop(mode = 'fast') {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  running() {
    const command = path.join(this.bin, 'pg_ctl');
    const args = ['-D', this.dataDir, 'status'];
    const result = this.asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
    return result.status === 0;
  }

  stopQuietly() {
    try {
      if (existsSync(this.dataDir) && this.running()) this.stop('immediate');
    } catch {
      // best effort on the way out
    }
  }
}

/** A redis-server of the suite's own, on a free port with its own directory (RDB file kept there). */
export class RedisServer {
  constructor(tmp) {
    this.binary = redisBinary();
    this.dir = path.join(tmp, 'redis');
    this.port = 0;
    this.child = null;
  }

  async init() {
    mkdirSync(this.dir, { recursive: true });
    this.port = await freePort();
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    if (this.child && this.child.exitCode === null) return;
    // No automatic snapshots and no AOF: what survives a stop is what the scenario asked for
    // (SHUTDOWN SAVE keeps it, SHUTDOWN NOSAVE and removing the files loses it).
    const child = spawn(
      this.binary,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--dbfilename',
        'dump.rdb',
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'yes',
        '--logfile',
        path.join(this.dir, 'redis.log'),
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    const up = await until(15, () => this.ping(), 50);
    if (!up) throw new Error(`redis-server did not start on port ${this.port}`);
  }

  async ping() {
    const client = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 500,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }

  /** SHUTDOWN SAVE (data kept in dump.rdb) or NOSAVE; waits for the process to exit. */
  async shutdown(save) {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const client = new Redis(this.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    await client.call('SHUTDOWN', save ? 'SAVE' : 'NOSAVE').catch(() => undefined);
    client.disconnect();
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    this.child = null;
  }

  removeFiles() {
    for (const name of readdirSync(this.dir))
      if (name !== 'redis.log') rmSync(path.join(this.dir, name), { recursive: true, force: true });
  }

  killQuietly() {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

/** A built service (api or worker) the suite starts, SIGKILLs and starts again. */
export class ServiceProcess {
  constructor(name, script, env, logDir) {
    this.name = name;
    this.script = script;
    this.env = env;
    this.logPath = path.join(logDir, `${name}.log`);
    this.log = createWriteStream(this.logPath, { flags: 'a' });
    this.child = null;
    this.starts = 0;
  }

  start() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return;
    this.starts += 1;
    this.log.write(`\n===== start #${this.starts} at ${new Date().toISOString()} =====\n`);
    const child = spawn(process.execPath, [this.script], {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(this.log, { end: false });
    child.stderr.pipe(this.log, { end: false });
    child.on('exit', (code, signal) => this.log.write(`===== exit code ${code} signal ${signal} =====\n`));
    this.child = child;
  }

  get alive() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async kill(signal = 'SIGKILL') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await Promise.race([exited, sleep(signal === 'SIGKILL' ? 5000 : 15_000)]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
}

/** The temporary root of one suite run. */
export function makeTmp() {
  return mkdtempSync(path.join(os.tmpdir(), 'faults-'));
}

export function removeTmp(tmp) {
  if (tmp && tmp.startsWith(os.tmpdir())) rmSync(tmp, { recursive: true, force: true });
}

export const token = () => randomBytes(24).toString('hex');

/** A pg pool on the suite's database, with short timeouts so a stopped server fails fast. */
export function pool(databaseUrl) {
  const p = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 3000 });
  p.on('error', () => undefined);
  return p;
}

export { Redis };
