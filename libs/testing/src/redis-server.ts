import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Where redis-server is, or null: outage tests need their own server to stop and start. */
export function redisServerBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A throwaway Redis of a test's own on a free port, which the test may stop and start again (same
 * port, empty data, as the machine's Redis keeps nothing on disk) without disturbing other suites.
 */
export interface DisposableRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function createDisposableRedis(binary: string): Promise<DisposableRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const ping = (): Promise<boolean> =>
    new Promise((resolve) => {
      const probe = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
      resolve(probe.stdout.trim() === 'PONG');
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child && child.exitCode === null) return;
      child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      for (let i = 0; i < 100; i += 1) {
        if (await ping()) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server did not start on port ${port}`);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
}
