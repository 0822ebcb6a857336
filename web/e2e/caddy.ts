import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import dns2 from 'dns2';
import { API_PORT, WEB_PORT } from './e2e-env';

/**
 * HTTPS for the e2e platform (issue 51): Debian's Caddy with the development Caddyfile
 * (infra/caddy/Caddyfile.dev: on-demand `tls internal`, asking the e2e api's /api/tls/ask) on free
 * loopback ports in front of the e2e web, its storage in a temporary folder; clients that reach it
 * as a browser would after DNS (127.0.0.1, the host in SNI and Host), trusting only Caddy's local
 * root CA; and a DNS server on loopback (the npm dns2 package) for custom domains' TXT records.
 */

const CADDYFILE = path.resolve(__dirname, '../../infra/caddy/Caddyfile.dev');

const version = spawnSync('caddy', ['version'], { encoding: 'utf8' });
/** `caddy version`'s line, or null when Caddy is not installed. */
export const caddyVersion: string | null = version.status === 0 ? version.stdout.trim() : null;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

export interface Caddy {
  httpsPort: number;
  /** Caddy's local root certificate (PEM), the only CA its clients here trust. */
  rootCa: Buffer;
  rootCaPath: string;
  /** What Caddy has written to stdout and stderr so far. */
  log(): string;
  /** Stops Caddy (SIGTERM, then SIGKILL after 5 s) and removes its storage. */
  stop(): Promise<void>;
}

/** How long Caddy may take to listen with its local CA (it makes the CA's keys on its first start). */
const CADDY_READY_MS = 30_000;

/**
 * Caddy on a free loopback HTTPS port, ready once it listens and its local CA exists. A port taken
 * between choosing it and Caddy binding it (another process on this machine) is tried again with
 * new ports, at most three times.
 */
export async function startCaddy(): Promise<Caddy> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startCaddyOnce();
    } catch (error) {
      if (attempt >= 3 || !/address already in use/.test((error as Error).message)) throw error;
    }
  }
}

async function startCaddyOnce(): Promise<Caddy> {
  const storage = mkdtempSync(path.join(os.tmpdir(), 'e2e-caddy-'));
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  let log = '';
  const child: ChildProcess = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    cwd: storage,
    // Only what the Caddyfile reads, and a home of its own: nothing of the developer's Caddy is used or touched.
    env: {
      PATH: process.env['PATH'],
      NODE_ENV: 'test', // unused by Caddy; Next's ProcessEnv type requires it
      HOME: storage,
      XDG_DATA_HOME: storage,
      XDG_CONFIG_HOME: storage,
      API_PORT: String(API_PORT),
      WEB_PORT: String(WEB_PORT),
      HTTPS_PORT: String(httpsPort),
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_STORAGE: path.join(storage, 'data'),
      CADDY_BIND: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  // Should the test's worker end without its hooks running, Caddy ends with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const running = () => child.exitCode === null && child.signalCode === null && !spawnError;
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(storage, { recursive: true, force: true });
  };

  // Where `tls internal` keeps its CA: <storage>/pki/authorities/local/root.crt, as Caddyfile.dev says.
  const rootCaPath = path.join(storage, 'data/pki/authorities/local/root.crt');
  const deadline = Date.now() + CADDY_READY_MS;
  try {
    for (;;) {
      if (spawnError) throw spawnError;
      if (!running()) throw new Error(`Caddy exited (${child.exitCode ?? child.signalCode})`);
      if (existsSync(rootCaPath) && (await listening(httpsPort))) break;
      if (Date.now() > deadline)
        throw new Error(`Caddy did not listen on ${httpsPort} with its local CA within ${CADDY_READY_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; its log:\n${log.slice(-3000)}`);
  }
  // Caddy keeps its root CA for the whole run: read once, it is the only CA the clients here trust.
  return { httpsPort, rootCa: readFileSync(rootCaPath), rootCaPath, log: () => log, stop };
}

export type Handshake = { ok: true; names: string } | { ok: false; error: string };

/** A TLS handshake with `servername` in SNI, verified against `ca`: the certificate's names, or the error that ended it. */
export function handshake(port: number, servername: string, ca: Buffer): Promise<Handshake> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, ca });
    socket.setTimeout(10_000, () => socket.destroy(new Error('handshake timed out')));
    socket.once('secureConnect', () => {
      const names = socket.getPeerCertificate().subjectaltname ?? '';
      socket.end();
      resolve({ ok: true, names });
    });
    // OpenSSL names the alert Caddy sent: 'tlsv1 alert internal error' when it has no certificate.
    socket.once('error', (error) =>
      resolve({
        ok: false,
        error: /tlsv1 alert [a-z ]+/.exec(error.message)?.[0] ?? error.message.split('\n')[0] ?? '',
      }),
    );
  });
}

export interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The names of the certificate the server showed (https only). */
  certificate?: string;
}

function read(res: http.IncomingMessage, certificate?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, certificate }));
    res.on('error', reject);
  });
}

/**
 * GET https://{host}:{port}{path} as a browser would: the name resolved to 127.0.0.1 (a custom
 * lookup, so SNI and Host are the host's own), the certificate verified against `ca` alone.
 */
export function httpsGet(port: number, host: string, pathname: string, ca: Buffer): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host,
        port,
        path: pathname,
        ca,
        agent: false,
        timeout: 20_000,
        lookup: (_hostname, options, callback) =>
          (options as { all?: boolean }).all
            ? (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [
                { address: '127.0.0.1', family: 4 },
              ])
            : callback(null, '127.0.0.1', 4),
      },
      (res) => {
        const socket = res.socket as tls.TLSSocket;
        read(res, socket.getPeerCertificate().subjectaltname).then(resolve, reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET https://${host}:${port}${pathname} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** GET http://127.0.0.1:{WEB_PORT}{path} with the given Host: what the web answers a host, with no proxy before it. */
export function webGet(host: string, pathname: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: WEB_PORT, path: pathname, headers: { host }, agent: false, timeout: 20_000 },
      (res) => read(res).then(resolve, reject),
    );
    req.on('timeout', () => req.destroy(new Error(`GET http://${host}${pathname} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

export interface DnsServer {
  /** Sets the TXT values at a name (lower-cased, no trailing dot); every other name answers NXDOMAIN. */
  setTxt(name: string, values: string[]): void;
  /** Names asked so far. */
  queries: string[];
  close(): Promise<void>;
}

/**
 * A real DNS server (npm dns2) on 127.0.0.1:{port} over UDP, the e2e api's and worker's
 * DNS_RESOLVER. The port is fixed (the api and worker were started with it), so a port another
 * process holds fails at once, naming E2E_DNS_PORT, rather than leaving the test waiting.
 */
export async function startDnsServer(port: number): Promise<DnsServer> {
  const records = new Map<string, string[]>();
  const queries: string[] = [];
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const [question] = request.questions;
      const name = question?.name.toLowerCase().replace(/\.$/, '') ?? '';
      queries.push(name);
      const response = Packet.createResponseFromRequest(request);
      const values = records.get(name);
      if (!values)
        response.header.rcode = 3; // NXDOMAIN
      else if (question?.type === Packet.TYPE.TXT)
        for (const data of values)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data,
          } as never);
      void send(response).catch(() => undefined);
    },
  });
  // dns2 reports a failed bind only as an 'error' event, and its listen() then never settles.
  const failed = new Promise<never>((_, reject) =>
    server.once('error', (error: Error) =>
      reject(
        new Error(
          `The e2e DNS server could not listen on UDP 127.0.0.1:${port} (${error.message}); set E2E_DNS_PORT to a free port for the whole run`,
        ),
      ),
    ),
  );
  failed.catch(() => undefined);
  server.on('error', () => undefined);
  await Promise.race([server.listen({ udp: { port, address: '127.0.0.1' } }), failed]);
  return {
    setTxt: (name, values) => records.set(name.toLowerCase(), values),
    queries,
    close: () => server.close(),
  };
}
