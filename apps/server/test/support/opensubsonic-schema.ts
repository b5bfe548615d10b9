import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The OpenSubsonic project's JSON schemas of every answer (its OpenAPI document's schemas and
 * per-endpoint responses, vendored in fixtures/opensubsonic-openapi; see the README there). The
 * files refer to each other by relative path, so each is added under an id that is its path: Ajv
 * then resolves `../../schemas/Child.json` as the spec's own tooling does.
 */
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'opensubsonic-openapi');
const BASE = 'https://opensubsonic.invalid/openapi/';

function schemaFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return schemaFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

function makeAjv(): Ajv {
  // OpenAPI 3.0 schemas: JSON Schema draft-07 keywords plus a few annotations of OpenAPI's own.
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, strictTypes: false });
  addFormats.default(ajv);
  ajv.addVocabulary(['externalDocs', 'example']);
  ajv.addFormat('float', true);
  for (const file of schemaFiles(ROOT)) {
    const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    ajv.addSchema({ ...schema, $id: BASE + path.relative(ROOT, file).split(path.sep).join('/') });
  }
  return ajv;
}

let shared: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function validator(id: string): ValidateFunction {
  shared ??= makeAjv();
  let validate = compiled.get(id);
  if (!validate) {
    validate = shared.getSchema(BASE + id);
    if (!validate) throw new Error(`No OpenSubsonic schema ${id}`);
    compiled.set(id, validate);
  }
  return validate;
}

/** The schema a method's `subsonic-response` must match: its endpoint's success answer, or the bare success or failure answer. */
export function schemaIdFor(method: string, status: unknown): string {
  if (status === 'failed') return 'schemas/SubsonicResponse/SubsonicFailureResponse.json';
  // getAlbumInfo2 answers as getAlbumInfo does (the spec's getAlbumInfo2.json refers to its response).
  const name = method.replace(/\.view$/, '').replace(/^getAlbumInfo2$/, 'getAlbumInfo');
  const title = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  // Most files are named after the method (GetSongSuccessResponse); tokenInfo's is GetTokenInfoSuccessResponse.
  const id = [`endpoints/${name}/${title}SuccessResponse.json`, `endpoints/${name}/Get${title}SuccessResponse.json`].find((candidate) => fs.existsSync(path.join(ROOT, candidate)));
  return id ?? 'schemas/SubsonicResponse/SubsonicSuccessResponse.json';
}

/** What is wrong with a JSON answer to `method` by the OpenSubsonic schemas (an empty list when nothing). */
export function openSubsonicErrors(method: string, document: unknown): string[] {
  const inner = (document as { 'subsonic-response'?: { status?: unknown } } | null)?.['subsonic-response'];
  if (!inner || typeof inner !== 'object') return ['the answer has no subsonic-response object'];
  const id = schemaIdFor(method, inner.status);
  const validate = validator(id);
  if (validate(inner)) return [];
  return (validate.errors ?? []).map((e) => `${id}: ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
