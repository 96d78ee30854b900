/**
 * The docs cannot drift silently: every `npm run` script the README and docs/ name exists,
 * every path they name (in backticks or as a link) exists, and every pointer into docs/
 * from a code comment leads somewhere. The three readers' documents (README.md for a
 * developer, docs/operations.md for the operator, docs/dueno.md for the owner) give commands
 * to copy: each one is run by CI, in a test or in scripts/deploy-check.sh (the Docker ones are
 * held to the Dockerfile's volumes and the server's variables, there is no Docker engine here).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';

/** Paths from the project's top folders; a bare `schema.ts` in a table row is relative to its row. */
const ROOTED_PATH =
  /^(?:server|client|cli|catalogue|store|tests|scripts|docs|public|\.ci)\/[\w./-]*$/;
/** Placeholders and globs name no one file (`tests/**`, `/fotos/<hash>.webp`, `{marca}`). */
const PATTERN = /[*{}<>]/;

type Check = { readonly scripts: ReadonlySet<string>; readonly exists: (path: string) => boolean };

/** What a Markdown file at `file` names that does not exist. */
export function docProblems(file: string, text: string, check: Check): string[] {
  const problems: string[] = [];
  for (const [, script = ''] of text.matchAll(/npm run ([\w:-]+)/g)) {
    if (!check.scripts.has(script)) problems.push(`${file}: npm run ${script} (no such script)`);
  }
  for (const [, quoted = ''] of text.matchAll(/`([^`\s]+)`/g)) {
    const path = quoted.replace(/[),.:;]+$/, '');
    if (ROOTED_PATH.test(path) && !PATTERN.test(path) && !check.exists(path)) {
      problems.push(`${file}: ${path} (no such file or folder)`);
    }
  }
  for (const [, target = ''] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const path = join(dirname(file), target);
    if (!check.exists(path)) problems.push(`${file}: link to ${target} (no such file)`);
  }
  return problems;
}

/** Pointers into docs/ from code (`docs/decisions/….md`) that lead nowhere. */
export function pointerProblems(file: string, text: string, check: Check): string[] {
  return [...text.matchAll(/docs\/[\w./-]*[\w/]/g)]
    .map(([path]) => path)
    .filter((path) => !PATTERN.test(path) && !check.exists(path))
    .map((path) => `${file}: ${path} (no such doc)`);
}

/** The commands in a document's ```sh blocks, continuation lines joined. */
export function shellCommands(text: string): string[] {
  const commands: string[] = [];
  for (const [, block = ''] of text.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    for (const line of block.replace(/\\\n\s*/g, ' ').split('\n')) {
      const command = line.trim();
      if (command && !command.startsWith('#')) commands.push(command);
    }
  }
  return commands;
}

/** Where CI runs each npm command: the file that runs it, and what in it shows so. */
const RUN_BY_CI: ReadonlyArray<{ command: RegExp; file: string; runs: RegExp }> = [
  { command: /^npm install$/, file: '.ci/run', runs: /^npm ci /m },
  // `npm test` is `npm run test:main` and the browser project: CI runs both, on two lines.
  {
    command: /^npm test$/,
    file: '.ci/run',
    runs: /^npm run test:main$[\s\S]*^npx vitest run --project runtime --project browser$/m,
  },
  {
    command: /^npm start$/,
    file: 'tests/build/start-freshness.int.test.ts',
    runs: /scripts\/start\.mjs|npm start/,
  },
  { command: /^npm run dev$/, file: 'tests/build/dev-server.int.test.ts', runs: /server\/dev\.ts/ },
  {
    command: /^npm ci && npm run build && npm ci --omit=dev$/,
    file: 'scripts/deploy-check.sh',
    runs: /npm ci --omit=dev/,
  },
  {
    command: /^NODE_ENV=production node dist\/server\/index\.js$/,
    file: 'scripts/deploy-check.sh',
    runs: /NODE_ENV=production[\s\S]*node dist\/server\/index\.js/,
  },
];

/** How a test or the deploy check runs an owner's CLI (`npm run <script> -- …`). */
function runsCli(script: string, text: string): boolean {
  return new RegExp(
    `cli/${script}\\.ts|runCli\\('${script}'|builtCli\\('${script}'|run --silent ${script}\\b|owner_run ${script}\\b${script === 'owner' ? '|ownerCommand|owner_panel' : ''}`,
  ).test(text);
}

/** The CLIs whose first argument is a sub-command (the others take a file first). */
const WITH_SUBCOMMANDS = new Set(['catalogue', 'messages', 'owner']);

type CiFiles = ReadonlyArray<{ readonly file: string; readonly text: string }>;

/**
 * Why a documented command is not known to run in CI, or undefined when it is: an owner's CLI
 * with its sub-command and every option it is given, in a test or the deploy check; a Docker
 * command's volumes and variables in the Dockerfile and the server's configuration.
 */
export function notRunByCi(
  command: string,
  ci: CiFiles,
  docker: { volumes: readonly string[]; variables: readonly string[] },
): string | undefined {
  const inside = /\bnpm run ([\w:-]+)(?: -- (.*))?$/.exec(command);
  if (/^docker (run|build|stop|start|exec)\b/.test(command)) {
    const problems = [
      ...[...command.matchAll(/-v \S+:(\/\S+)/g)]
        .map(([, path = '']) => path)
        .filter((path) => !docker.volumes.includes(path))
        .map((path) => `volume ${path} is not in the Dockerfile`),
      ...[...command.matchAll(/-e ([A-Z_]+)=/g)]
        .map(([, name = '']) => name)
        .filter((name) => !docker.variables.includes(name))
        .map((name) => `${name} is not read by server/config.ts`),
    ];
    if (problems.length > 0) return problems.join('; ');
    if (!inside) return undefined;
  }
  for (const rule of RUN_BY_CI) {
    if (!rule.command.test(command)) continue;
    const text = ci.find((f) => f.file === rule.file)?.text ?? '';
    return rule.runs.test(text) ? undefined : `${rule.file} no longer runs it`;
  }
  if (!inside) return 'no test or CI step runs it (add one, or a rule in tests/build/docs.test.ts)';
  const [, script = '', rest = ''] = inside;
  const words = rest.split(/\s+/).filter(Boolean);
  const sub =
    WITH_SUBCOMMANDS.has(script) && words[0] && !words[0].startsWith('-') ? words[0] : undefined;
  const options = words.filter((w) => /^--[a-z-]+$/.test(w));
  const covered = ci.some(
    ({ text }) =>
      runsCli(script, text) &&
      (sub === undefined ||
        new RegExp(`'${sub}'|\\b${script} -- ${sub}\\b|\\b${script} ${sub}\\b`).test(text)) &&
      options.every((option) => text.includes(`'${option}'`) || text.includes(` ${option}`)),
  );
  return covered
    ? undefined
    : `no test or CI step runs npm run ${script}${sub ? ` -- ${sub}` : ''} with ${options.join(' ') || 'no option'}`;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(projectRoot, dir))) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(projectRoot, path)).isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(name)) out.push(path);
  }
  return out;
}

const project: Check = {
  scripts: new Set(
    Object.keys(
      (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: object })
        .scripts,
    ),
  ),
  exists: (path) => existsSync(join(projectRoot, path)),
};
const read = (path: string) => readFileSync(join(projectRoot, path), 'utf8');

describe('the checker', () => {
  const made: Check = {
    scripts: new Set(['test']),
    exists: (path) => path === 'server/site.ts' || path === 'docs/architecture.md',
  };

  it('finds a script, a path and a link that do not exist, and passes those that do', () => {
    const page = [
      'Run `npm test`, then `npm run test` and `npm run bench:client`.',
      'Start at `server/site.ts` and `server/gone.ts`; globs like `tests/**/*.ts` name no file.',
      'See [architecture](architecture.md) and [old](decisions/old.md#why).',
    ].join('\n');
    expect(docProblems('docs/product.md', page, made)).toEqual([
      'docs/product.md: npm run bench:client (no such script)',
      'docs/product.md: server/gone.ts (no such file or folder)',
      'docs/product.md: link to decisions/old.md (no such file)',
    ]);
  });

  it('finds a documented command nothing runs, and one whose option nothing tries', () => {
    const ci = [
      {
        file: 'tests/cli/owner.int.test.ts',
        text: "runCli('backup', [file]); ownerCommand(env)('invite', a, '--nombre', 'x')",
      },
    ];
    const docker = { volumes: ['/app/data'], variables: ['SITE_URL'] };
    const commands = shellCommands(
      [
        '```sh',
        'npm run backup -- /tmp/web.sqlite',
        'npm run owner -- invite a@b.c --nombre "Ana"',
        'npm run owner -- revoke a@b.c',
        'npm run backup -- web.sqlite --force',
        'docker run -d -e SITE_URL=https://x -e PORTS=1 \\',
        '  -v datos:/app/data -v copias:/app/copias parabrisas',
        '```',
      ].join('\n'),
    );
    expect(commands.map((c) => notRunByCi(c, ci, docker))).toEqual([
      undefined,
      undefined,
      'no test or CI step runs npm run owner -- revoke with no option',
      'no test or CI step runs npm run backup with --force',
      'volume /app/copias is not in the Dockerfile; PORTS is not read by server/config.ts',
    ]);
  });

  it('finds a code comment pointing at a doc that does not exist', () => {
    const code = '// Why: docs/architecture.md and docs/decisions/2026-01-01-gone.md.';
    expect(pointerProblems('server/x.ts', code, made)).toEqual([
      'server/x.ts: docs/decisions/2026-01-01-gone.md (no such doc)',
    ]);
  });
});

describe('the docs tell the truth', () => {
  const markdown = ['README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];

  it.each(markdown)('%s names only scripts, paths and links that exist', (file) => {
    expect(docProblems(file, read(file), project)).toEqual([]);
  });

  it('the README is a page a developer reads: at most about 250 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(260);
  });

  const ci: CiFiles = [
    '.ci/run',
    'scripts/deploy-check.sh',
    ...filesUnder('tests', (n) => /\.test\.tsx?$/.test(n)),
  ].map((file) => ({ file, text: read(file) }));
  const dockerfile = read('Dockerfile');
  const docker = {
    volumes: JSON.parse(/^VOLUME (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]'),
    variables: [...read('server/config.ts').matchAll(/^ {2}([A-Z_]+): /gm)].map(
      ([, name = '']) => name,
    ),
  };

  it.each(['README.md', 'docs/operations.md', 'docs/dueno.md'])(
    '%s: every command it gives is run by a test or by CI',
    (file) => {
      const commands = shellCommands(read(file));
      expect(commands.length).toBeGreaterThan(file === 'docs/dueno.md' ? -1 : 0);
      const problems = commands.flatMap((command) => {
        const why = notRunByCi(command, ci, docker);
        return why ? [`${file}: ${command}: ${why}`] : [];
      });
      expect(problems).toEqual([]);
    },
  );

  it('every pointer into docs/ from the code leads to a doc', () => {
    const code = ['server', 'client', 'cli', 'catalogue', 'store', 'scripts', 'tests']
      .flatMap((dir) => filesUnder(dir, (name) => /\.(ts|tsx|mjs|js|sh|css)$/.test(name)))
      .filter((file) => relative('tests/build', file) !== 'docs.test.ts');
    const problems = code.flatMap((file) => pointerProblems(file, read(file), project));
    expect(problems).toEqual([]);
  });
});
