/**
 * Figures of the code's structure, counted from the source (tests left out), printed as JSON:
 *   node --import tsx scripts/structure-report.ts
 * - SQL: `.query(` calls on the server, the files holding them, those outside repositories (and outside
 *   both repositories and db/), and those that write a generation record;
 * - repositories: files named repository.ts (or *-repository.ts);
 * - long files: source files over 300 lines, and route handlers over 20 lines;
 * - server: `as` casts on a request's params or query string, imports from one job into another;
 * - web: imports from one feature into another, and from features into app/;
 * - engine: pairs of top-level folders that import each other, `>> 12` written out, luma functions;
 * - the length of renderFusionVariant.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.(test|e2e\.test|fuzz\.test)\.tsx?$|\/test\/|\/test-utils\//;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'migrations') return [];
    if (statSync(full).isDirectory()) return files(full);
    return SOURCE.test(name) && !TEST.test(full) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file);
const read = (file: string) => readFileSync(file, 'utf8');
const lines = (text: string) => text.split('\n').length;

const server = files(path.join(ROOT, 'apps/server/src'));
const web = files(path.join(ROOT, 'apps/web/src'));
const engine = files(path.join(ROOT, 'packages/engine/src'));
const shared = files(path.join(ROOT, 'packages/shared/src'));
const all = [...server, ...web, ...engine, ...shared];

/** The text of each call `name(...)` in a file, up to its closing parenthesis. */
function calls(text: string, name: RegExp): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(name)) {
    let depth = 0;
    for (let i = match.index! + match[0].length - 1; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        found.push(text.slice(match.index!, i + 1));
        break;
      }
    }
  }
  return found;
}

const queries = server
  .filter((file) => !file.endsWith('db/client.ts'))
  .flatMap((file) =>
    calls(read(file), /\.query(<(?:[^<>]|<[^<>]*>)*>)?\(/g).map((call) => ({ file: rel(file), call })),
  );
const writesGeneration = queries.filter(({ call }) =>
  /(insert\s+into|update|delete\s+from)\s+(background_generations|user_image_generations)\b/i.test(call),
);

/** Route handlers: `app.get(...)`-style registrations (typed or not) and the lines their bodies take. */
const routes = server.flatMap((file) =>
  calls(read(file), /\b(app|instance|scope)\.(get|post|put|patch|delete|route)(<[^(]*?>)?\(/g).map(
    (call) => ({
      file: rel(file),
      path: /\(\s*['"`]([^'"`]+)/.exec(call)?.[1] ?? '?',
      lines: lines(call),
    }),
  ),
);

/** `request.params as …`, `(request.query as …)`, `(query as …)`: a request's input taken on trust. */
const paramCasts = server.flatMap((file) =>
  [...read(file).matchAll(/\b(?:params|query)\)?\s+as\s/g)].map(() => rel(file)),
);

function imports(file: string): string[] {
  const text = read(file);
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map((m) =>
    path.resolve(path.dirname(file), m[1]!),
  );
}

/** Imports from one job's files (jobs/definitions, jobs/handlers) into another job's. */
const jobOf = (file: string) =>
  /apps\/server\/src\/jobs\/(?:definitions|handlers)\/([^/]+)\.ts$/.exec(file)?.[1];
const jobImports = server
  .filter((file) => jobOf(file))
  .flatMap((file) =>
    imports(file)
      .filter((target) => {
        const job = jobOf(target.endsWith('.ts') ? target : `${target}.ts`);
        return job && job !== jobOf(file);
      })
      .map((target) => `${rel(file)} -> ${rel(target)}`),
  );

const featureOf = (file: string) => /apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
const webImports = web.flatMap((file) => imports(file).map((target) => ({ file, target })));
const crossFeature = webImports.filter(
  ({ file, target }) => featureOf(file) && featureOf(target) && featureOf(file) !== featureOf(target),
);
const featureToApp = webImports.filter(
  ({ file, target }) => featureOf(file) && target.includes('/apps/web/src/app/'),
);

const folderOf = (file: string) => /packages\/engine\/src\/([^/.]+)\//.exec(file)?.[1];
const folderEdges = new Set(
  engine.flatMap((file) =>
    imports(file)
      .map((target) => [folderOf(file), folderOf(target)] as const)
      .filter(([a, b]) => a && b && a !== b)
      .map(([a, b]) => `${a} -> ${b}`),
  ),
);
const mutual = [...folderEdges]
  .map((edge) => edge.split(' -> ') as [string, string])
  .filter(([a, b]) => a < b && folderEdges.has(`${b} -> ${a}`))
  .map(([a, b]) => `${a} <-> ${b}`);

const engineText = engine.map((file) => ({ file: rel(file), text: read(file) }));
const shifts = engineText.flatMap(({ file, text }) => (text.match(/>>\s*12\b/g) ?? []).map(() => file));
const lumaFunctions = engineText.flatMap(({ file, text }) =>
  [...text.matchAll(/(?:function|const)\s+(luma\w*)\b/g)].map((m) => `${file}: ${m[1]}`),
);
const fusion = read(path.join(ROOT, 'packages/engine/src/local/fusion/render-fusion.ts'));
const fusionBody = calls(fusion, /export async function renderFusionVariant\(/g)[0] ?? '';
const fusionStart = fusion.indexOf('export async function renderFusionVariant(');
const fusionEnd = fusion.indexOf('\n}\n', fusionStart);

console.log(
  JSON.stringify(
    {
      sql: {
        statements: queries.length,
        files: new Set(queries.map((q) => q.file)).size,
        outsideRepositories: queries.filter((q) => !/repository\.ts$/.test(q.file)).length,
        outsideRepositoriesAndDb: queries.filter(
          (q) => !/repository\.ts$/.test(q.file) && !q.file.startsWith('apps/server/src/db/'),
        ).length,
        writingGenerationRecords: writesGeneration.length,
        filesWritingGenerationRecords: [...new Set(writesGeneration.map((q) => q.file))],
      },
      repositoryFiles: all.filter((file) => /(^|[/-])repository\.ts$/.test(file)).map(rel),
      filesOver300Lines: all
        .map((file) => ({ file: rel(file), lines: lines(read(file)) }))
        .filter((f) => f.lines > 300)
        .sort((a, b) => b.lines - a.lines),
      routeHandlers: { count: routes.length, over20Lines: routes.filter((r) => r.lines > 20) },
      server: { castsOnParams: paramCasts.length, jobImports },
      web: {
        crossFeatureImports: crossFeature.length,
        featurePairs: [
          ...new Set(crossFeature.map(({ file, target }) => `${featureOf(file)} -> ${featureOf(target)}`)),
        ].sort(),
        featuresImportingApp: [...new Set(featureToApp.map(({ file }) => featureOf(file)))].sort(),
      },
      engine: {
        foldersImportingEachOther: mutual,
        shift12: shifts.length,
        lumaFunctions,
        renderFusionVariantLines: fusionBody ? lines(fusion.slice(fusionStart, fusionEnd + 2)) : null,
      },
    },
    null,
    2,
  ),
);
