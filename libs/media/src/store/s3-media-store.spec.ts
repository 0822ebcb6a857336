import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mediaStoreContract } from './contract/media-store.contract';
import { createS3Client, S3MediaStore } from './s3-media-store';

const BUCKET = 'platform-media-test';

/**
 * Whether s3rver (a local server speaking S3's HTTP API) starts here, decided before the suite is
 * declared: jest cannot skip a suite once it runs, and a machine without it should say why rather
 * than fail.
 */
function s3rverStarts(): { ok: true } | { ok: false; reason: string } {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const fail = (error) => { console.error(error.message); process.exit(1); };
       try {
         const S3rver = require('s3rver');
         const dir = require('fs').mkdtempSync(require('path').join(require('os').tmpdir(), 's3rver-probe-'));
         const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
         server.run().then(() => server.close()).then(() => { require('fs').rmSync(dir, { recursive: true, force: true }); process.exit(0); }, fail);
       } catch (error) { fail(error); }`,
    ],
    { encoding: 'utf8', timeout: 20_000, cwd: __dirname },
  );
  if (probe.status === 0) return { ok: true };
  const why = (probe.stderr || probe.error?.message || `exit ${probe.status}`).trim().split('\n')[0];
  return { ok: false, reason: `s3rver could not start: ${why}` };
}

const source = s3rverStarts();

describe('S3MediaStore (the AWS SDK v3 client against s3rver, a local S3 server): the MediaStore contract', () => {
  if (!source.ok) {
    process.stdout.write(`S3 contract skipped: ${source.reason}\n`);
    it.skip(`S3 contract skipped: ${source.reason}`, () => undefined);
    return;
  }
  mediaStoreContract(
    async () => {
      // Loaded here, so a machine that skips never loads it.
      const { default: S3rver } = await import('s3rver');
      const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory,
        configureBuckets: [{ name: BUCKET, configs: [] }],
      });
      const { port } = (await server.run()) as { port: number };
      const client = createS3Client({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        forcePathStyle: true,
        // s3rver's fixed development credentials.
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      return {
        store: new S3MediaStore({ client, bucket: BUCKET, prefix: 'photos/' }),
        teardown: async () => {
          client.destroy();
          await server.close();
          await rm(directory, { recursive: true, force: true });
        },
      };
    },
    {
      // Seen failing under load: s3rver streams a PUT into the object's file in place, so two PUTs of
      // one key interleave. S3, R2 and MinIO replace an object whole; the local adapter's own case runs.
      concurrentPutsSkipped:
        's3rver writes an object in place, so concurrent PUTs of one key can interleave (S3, R2 and MinIO replace an object whole)',
    },
  );
});
