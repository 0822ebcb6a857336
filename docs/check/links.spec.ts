import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { anchors, githubSlug, guideFiles, links, read, REPO_ROOT } from './markdown';

/**
 * README.md is the front door and docs/ holds the guides: every relative link between them, and
 * every #anchor, must land on a file and a heading that exist (GitHub's anchor rules), so moving a
 * section cannot leave a reader at a dead end. Links to other sites are not fetched.
 */
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

export function deadLinks(root = REPO_ROOT): string[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    if (!anchorsOf.has(file)) anchorsOf.set(file, anchors(read(file, root)));
    return anchorsOf.get(file) as Set<string>;
  };
  return guideFiles(root).flatMap((file) =>
    links(read(file, root)).flatMap(({ line, target }) => {
      if (EXTERNAL.test(target)) return [];
      const [rawPath, anchor] = target.split('#', 2) as [string, string | undefined];
      const targetFile =
        rawPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(rawPath)));
      const where = `${file}:${line} -> ${target}`;
      const absolute = path.join(root, targetFile);
      if (targetFile.startsWith('..') || !existsSync(absolute)) return [`${where}: no such file`];
      if (anchor === undefined) return [];
      if (!statSync(absolute).isFile() || !targetFile.endsWith('.md'))
        return [`${where}: an anchor into a non-markdown file`];
      return anchorsIn(targetFile).has(decodeURIComponent(anchor)) ? [] : [`${where}: no such heading`];
    }),
  );
}

describe('links in README.md and docs/', () => {
  it('README and every guide are checked', () => {
    expect(guideFiles()).toEqual(
      expect.arrayContaining(['README.md', 'docs/feeds.md', 'docs/api.md', 'docs/operations.md', 'docs/testing.md']),
    );
  });

  it('no relative link or anchor is dead', () => {
    expect(deadLinks()).toEqual([]);
  });

  it('README links to every guide, so any topic is one click from it', () => {
    const linked = new Set(links(read('README.md')).map(({ target }) => target.split('#')[0]));
    expect(guideFiles().filter((file) => file !== 'README.md' && !linked.has(file))).toEqual([]);
  });

  it('makes anchors the way GitHub does', () => {
    expect(githubSlug("Shopper API through the site's own host")).toBe('shopper-api-through-the-sites-own-host');
    expect(githubSlug('Try it against `npm start`')).toBe('try-it-against-npm-start');
    expect(githubSlug('Search: in memory or OpenSearch')).toBe('search-in-memory-or-opensearch');
    expect(githubSlug('Feed push API (for dealer stock systems)')).toBe('feed-push-api-for-dealer-stock-systems');
    expect(githubSlug('`search_query_duration_seconds{engine}`')).toBe('search_query_duration_secondsengine');
    expect([...anchors('# A\n## A\n```\n# not a heading\n```\n### A')]).toEqual(['a', 'a-1', 'a-2']);
  });
});
