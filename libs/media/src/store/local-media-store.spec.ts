import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mediaStoreContract } from './contract/media-store.contract';
import { LocalMediaStore } from './local-media-store';

describe('LocalMediaStore (a real folder): the MediaStore contract', () => {
  let root = '';
  mediaStoreContract(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'media-store-'));
    return { store: new LocalMediaStore(root), teardown: () => rm(root, { recursive: true, force: true }) };
  });

  it('leaves no temporary file behind, and keeps every object inside its folder', async () => {
    const files: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else files.push(path.relative(root, full));
      }
    };
    await walk(root);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\/[a-z0-9]+\.[a-z]+$/);
  });
});
