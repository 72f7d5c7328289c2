/**
 * The shop's OpenAPI documents as the built services print them, touching nothing (no server, database or
 * NATS): each service's own (`node services/<service>/dist/main.js openapi`) and the merged one, which the
 * gateway makes of them exactly as GET /api/docs/openapi.json answers it
 * (`node services/gateway/dist/main.js merged-openapi`, the services' documents on its standard input).
 * Used by scripts/generate.mjs at build and by the workspace's checks (tests/workspace).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

/** The services the front ends call, each serving its part of /api behind the gateway (the storefront server: releases and page reports). */
export const SERVICES = ['catalog', 'users', 'orders', 'storefront'];

const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs a part's built command line; its standard output. */
async function commandOutput(part, command, input) {
  const run = promisify(execFile)(process.execPath, [`${repo}services/${part}/dist/main.js`, command], {
    cwd: repo,
    // Only what the command needs: no settings of the machine's shop change the document.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  run.child.stdin.end(input ?? '');
  return (await run).stdout;
}

/** A service's OpenAPI document, as its build prints it. */
export async function serviceDocumentOf(service) {
  return JSON.parse(await commandOutput(service, 'openapi'));
}

/** Every service's document, by service (printed all at once). */
export async function serviceDocuments() {
  return Object.fromEntries(await Promise.all(SERVICES.map(async (service) => [service, await serviceDocumentOf(service)])));
}

/** The whole API's document as the gateway merges it, from the services' documents (by service). */
export async function mergedDocumentOf(documents) {
  return JSON.parse(await commandOutput('gateway', 'merged-openapi', JSON.stringify(documents)));
}
