import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { envFileOf, lookAlikeSettings, type LookAlikeSetting } from '@shop/contracts';
import { ConfigError } from './config.js';

/** What a settings file gave: where it is, the variables it set (those the real environment did not), and those it could not. */
export interface EnvFileRead {
  path: string;
  names: string[];
  /** Variables Node reads only as the process starts (see {@link READ_BY_NODE_AT_START}) with another value than Node's own, left unset. */
  tooLate: string[];
}

/**
 * Variables Node itself reads as the process starts, before any of the part's code, with the value Node
 * takes when they are unset. From a file read afterwards another value would change nothing (libuv's
 * thread pool is already sized) while the part's settings believed it, so it is left out and warned
 * about; Node's own value (`.env.example`'s UV_THREADPOOL_SIZE=4) is taken. npm start passes its .env's on to the parts' real environment.
 */
export const READ_BY_NODE_AT_START: Readonly<Record<string, string>> = { NODE_OPTIONS: '', UV_THREADPOOL_SIZE: '4' };
const tooLateFor = (name: string, value: string) => Object.hasOwn(READ_BY_NODE_AT_START, name) && value.trim() !== READ_BY_NODE_AT_START[name];

/**
 * Reads the settings file into `env` under the real environment, as npm start does: a variable already
 * set keeps its value. The file is `ENV_FILE` when set (empty: none; it must exist), else `.env` in the
 * working directory when there is one. Node parses it (`util.parseEnv`: `NAME=value` lines, `#`
 * comments, quoted values over several lines). A file that cannot be read is a ConfigError.
 */
export function readEnvFile(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): EnvFileRead | undefined {
  const file = envFileOf(env);
  if (!file) return undefined;
  const path = resolve(cwd, file.path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (!file.required && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError([`${file.required ? 'ENV_FILE' : '.env'}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`]);
  }
  const parsed = parseEnv(text) as Record<string, string>;
  // Own variables only: a line `constructor=…` or `toString=…` is a variable like any other, never
  // taken as set because every object (process.env too) inherits a property of that name.
  const isSet = (name: string) => Object.hasOwn(env, name) && env[name] !== undefined;
  const unset = Object.keys(parsed).filter((name) => !isSet(name)).sort();
  const names = unset.filter((name) => !tooLateFor(name, parsed[name]));
  for (const name of names) env[name] = parsed[name];
  return { path, names, tooLate: unset.filter((name) => tooLateFor(name, parsed[name])) };
}

/** The one line a look-alike variable is warned about with. */
export function lookAlikeWarning(part: string, { name, closest }: LookAlikeSetting, file?: EnvFileRead, cwd = process.cwd()): string {
  const where = file?.names.includes(name) ? ` (in ${relative(cwd, file.path) || file.path})` : '';
  return `${part}: ${name} is set${where} but no part of the shop reads it; did you mean ${closest}?`;
}

/**
 * A part's start: reads its settings file (see {@link readEnvFile}), then warns on stderr, one line
 * each, about what the file could not set (UV_THREADPOOL_SIZE) and the variables shaped like the shop's
 * settings that no part reads (`DATABSE_URL`: did you mean DATABASE_URL?), which it answers. An unreadable file stops the process with exit code 1.
 */
export function loadEnvironment(part: string, env: Record<string, string | undefined> = process.env, cwd = process.cwd()): LookAlikeSetting[] {
  let file: EnvFileRead | undefined;
  try {
    file = readEnvFile(env, cwd);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${part}: ${error.message}\n`);
    process.exit(1);
  }
  const where = file && (relative(cwd, file.path) || file.path);
  for (const name of file?.tooLate ?? []) {
    process.stderr.write(`${part}: ${name} in ${where} is not used: Node reads it only from the environment it starts with; set it there (npm start passes on those of its .env)\n`);
  }
  const lookAlikes = lookAlikeSettings(env);
  for (const lookAlike of lookAlikes) process.stderr.write(`${lookAlikeWarning(part, lookAlike, file, cwd)}\n`);
  return lookAlikes;
}
