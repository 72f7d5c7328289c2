/**
 * The whole API's OpenAPI document, as the gateway merges it from the services' own (GET /api/docs/openapi.json),
 * passes Spectral's OpenAPI ruleset (.spectral.yaml: `spectral:oas`) without a single error or warning: every
 * operation tagged with a described tag and described itself, the servers and the contact named, every schema
 * valid. Proven to bite on a broken copy: an operation without tags fails it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));

interface SpectralResult {
  code: string;
  message: string;
  path: string[];
  severity: number;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { tags?: string[] }>>;
}

/** The merged document as the gateway makes it, from the documents the built services print (libs/api-types/scripts/documents.mjs). */
async function mergedDocument(): Promise<OpenApiDocument> {
  const { mergedDocumentOf, serviceDocuments } = (await import(join(workspace, 'libs/api-types/scripts/documents.mjs'))) as {
    serviceDocuments: () => Promise<Record<string, unknown>>;
    mergedDocumentOf: (documents: Record<string, unknown>) => Promise<OpenApiDocument>;
  };
  return mergedDocumentOf(await serviceDocuments());
}

/** Spectral's findings on a document, with the repository's ruleset. */
function lint(document: unknown, scratch: string): SpectralResult[] {
  const file = join(scratch, `openapi-${Date.now()}.json`);
  const output = join(scratch, `spectral-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(document));
  try {
    execFileSync(join(workspace, 'node_modules/.bin/spectral'), ['lint', file, '--ruleset', join(workspace, '.spectral.yaml'), '-f', 'json', '-o', output, '--fail-severity', 'hint'], {
      cwd: workspace,
      stdio: 'pipe',
    });
  } catch (error) {
    // Exit 1 says it found something, which the results tell; anything else (no output written) is the tool failing.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  return JSON.parse(readFileSync(output, 'utf8')) as SpectralResult[];
}

const described = (results: SpectralResult[]) => results.map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`);

describe("the merged OpenAPI document against Spectral's OpenAPI rules", () => {
  let scratch: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    mkdirSync(join(workspace, 'tmp'), { recursive: true });
    scratch = mkdtempSync(join(workspace, 'tmp', 'openapi-lint-'));
    document = await mergedDocument();
  }, 120_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('has no error and no warning', () => {
    const results = lint(document, scratch);
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
    process.stdout.write(`openapi lint: ${results.length} results (spectral:oas) over ${operations} operations\n`);
    expect(described(results)).toEqual([]);
  }, 120_000);

  it('fails on an operation without a tag', () => {
    const broken = structuredClone(document);
    delete broken.paths['/api/products'].get.tags;

    const results = lint(broken, scratch);

    expect(results.map((result) => `${result.code} ${result.path.join('.')}`)).toContain('operation-tags paths./api/products.get');
  }, 120_000);
});
