/**
 * The CLI's brand kit: `--brand brand.json`, a file such as
 *   { "colours": ["#1f3a5f", "#e8b04b"], "logo": "logo.png", "typography": "élégant", "signature": "@maboutique" }
 * with the logo's path relative to the file. The kit is checked as the engine checks any
 * (brand/prepare.ts); what is wrong is one line naming the file and the field.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkBrand } from '../brand/prepare';
import type { BrandInput } from '../brand/types';
import { isEngineError } from '../errors';

/** Why a brand file could not be read: the message the command prints. */
export class BrandFileError extends Error {}

const KEYS = new Set(['colours', 'logo', 'typography', 'signature']);

async function readJson(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BrandFileError(`--brand: cannot read ${file}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BrandFileError(`--brand: ${file} is not JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BrandFileError(`--brand: ${file} must hold an object with "colours"`);
  return value as Record<string, unknown>;
}

/** The brand kit of the file, its logo read; undefined without --brand. */
export async function brandArg(file: string | undefined): Promise<BrandInput | undefined> {
  if (file === undefined) return undefined;
  const json = await readJson(file);
  const unknown = Object.keys(json).filter((key) => !KEYS.has(key));
  if (unknown.length) throw new BrandFileError(`--brand: unknown field "${unknown.join('", "')}" in ${file}`);
  const { logo } = json;
  if (logo != null && typeof logo !== 'string')
    throw new BrandFileError(`--brand: "logo" must be the path of an image file`);
  const brand = { ...json, logo: null } as unknown as BrandInput;
  try {
    checkBrand(brand);
  } catch (error) {
    if (isEngineError(error))
      throw new BrandFileError(`--brand: ${error.message.replace(/^brand: /, '')} (in ${file})`);
    throw error;
  }
  if (!logo) return brand;
  const logoFile = path.resolve(path.dirname(file), logo);
  try {
    return { ...brand, logo: await readFile(logoFile) };
  } catch {
    throw new BrandFileError(`--brand: the logo ${logoFile} cannot be read`);
  }
}
