import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { loadAppConfig } from '../src/config/app.config.js';
import type { Env } from '../src/config/env.js';

/**
 * The docs against the code: the configuration table names exactly the variables the configuration
 * reads, and every relative link of the README, docs/ and bench/ points at a file (and heading)
 * that exists, so a renamed section or file cannot leave a dead link behind.
 */
const ROOT = resolve(import.meta.dirname, '..');
const CONFIGURATION_DOC = join(ROOT, 'docs/configuration.md');

function filesUnder(folder: string, keep: (path: string) => boolean): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile() && keep(path));
}

/**
 * Variables named in the first column of the configuration table: rows of the form | `NAME` | … |.
 */
function documentedVariables(): string[] {
  const rows = readFileSync(CONFIGURATION_DOC, 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm);
  return [...rows].map((row) => row[1]);
}

/**
 * Variables the service's code reads (`env.NAME`, `process.env.NAME`, `env['NAME']`), specs aside.
 */
function variablesReadBySource(): Set<string> {
  const read = new Set<string>();
  for (const file of filesUnder(
    join(ROOT, 'src'),
    (path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'),
  )) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]*)/g))
      read.add(match[1]);
  }
  return read;
}

/**
 * Variables loadAppConfig asks for, whatever their spelling in the code: an environment that
 * records reads.
 */
function variablesReadByLoadAppConfig(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy<Env>(
    {},
    {
      get(_target, name) {
        // Libraries also ask an object for `then` and the like: variables are upper case.
        if (typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name)) read.add(name);
        return undefined;
      },
    },
  );
  loadAppConfig(env);
  return read;
}

const FENCED_CODE = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;

/** Text without fenced code blocks and inline code, where link syntax is only an example. */
function prose(markdown: string): string {
  return markdown.replace(FENCED_CODE, '').replace(/`[^`\n]*`/g, '');
}

/**
 * GitHub's anchors for a document's headings: github-slugger over each heading's text, as
 * github.com renders them.
 */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const headings = markdown.replace(FENCED_CODE, '').matchAll(/^#{1,6}\s+(.+?)\s*$/gm);
  return new Set(
    [...headings].map(([, text]) =>
      slugger.slug(text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '')),
    ),
  );
}

/** Every relative link of one Markdown file that does not resolve, as "file: target (why)". */
function brokenLinks(file: string, markdown: string, root: string): string[] {
  const targets = [
    ...[...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
      (match) => match[1],
    ),
    ...[...prose(markdown).matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map(
      (match) => match[1],
    ),
  ];
  const broken: string[] = [];
  for (const target of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like: not relative
    const [path, anchor] = target.split('#', 2);
    const name = `${relative(root, file)}: ${target}`;
    if (path === '') {
      if (!anchorsOf(markdown).has(anchor)) broken.push(`${name} (no heading with that anchor)`);
      continue;
    }
    const destination = resolve(dirname(file), decodeURIComponent(path));
    if (relative(root, destination).startsWith('..'))
      broken.push(`${name} (outside the repository)`);
    else if (!existsSync(destination)) broken.push(`${name} (no such file)`);
    else if (
      anchor !== undefined &&
      destination.endsWith('.md') &&
      !anchorsOf(readFileSync(destination, 'utf8')).has(anchor)
    ) {
      broken.push(`${name} (no heading with that anchor)`);
    }
  }
  return broken;
}

describe('the documentation', () => {
  it('lists in the configuration table exactly the environment variables the configuration reads', () => {
    const documented = documentedVariables();
    const read = new Set([...variablesReadBySource(), ...variablesReadByLoadAppConfig()]);
    expect(documented.length).toBeGreaterThan(20);
    expect(new Set(documented).size).toBe(documented.length); // each variable in one row
    expect([...read].filter((name) => !documented.includes(name))).toEqual([]); // read but not documented
    expect(documented.filter((name) => !read.has(name))).toEqual([]); // documented but never read
  });

  it('has no relative link in README.md, docs/ or bench/ that points at a missing file or heading', () => {
    const files = [
      join(ROOT, 'README.md'),
      ...filesUnder(join(ROOT, 'docs'), (path) => path.endsWith('.md')),
      ...filesUnder(
        join(ROOT, 'bench'),
        (path) => path.endsWith('.md') && !path.includes('/profiles/'),
      ),
    ];
    const links = files.flatMap((file) => [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(/g)]);
    expect(links.length).toBeGreaterThan(30);
    expect(files.flatMap((file) => brokenLinks(file, readFileSync(file, 'utf8'), ROOT))).toEqual(
      [],
    );
  });

  it('finds the broken links it is meant to find', () => {
    const file = join(ROOT, 'docs/example.md');
    const markdown = [
      '# Example',
      '## Sizing the pool: `DB_POOL_SIZE`',
      '[fine](configuration.md) [fine](#sizing-the-pool-db_pool_size) [fine](../README.md#documentation) [self](#nowhere)',
      '[gone](missing.md) [no anchor](configuration.md#no-such-heading) [out](../../shared/spec.md)',
      '`[in code](nowhere.md)` [web](https://example.com/nowhere.md)',
      '[ref]: ./operations.md#no-such-heading',
    ].join('\n');
    expect(brokenLinks(file, markdown, ROOT)).toEqual([
      'docs/example.md: #nowhere (no heading with that anchor)',
      'docs/example.md: missing.md (no such file)',
      'docs/example.md: configuration.md#no-such-heading (no heading with that anchor)',
      'docs/example.md: ../../shared/spec.md (outside the repository)',
      'docs/example.md: ./operations.md#no-such-heading (no heading with that anchor)',
    ]);
  });
});
