/**
 * Creates the embedded databases' folders (PostgreSQL's initdb, run by PGlite) named as arguments, one
 * after the other, then exits: the launcher runs this in a process of its own on a first start, so that
 * initdb's working memory (its own WebAssembly instance and a copy of the new folder, ~200 MB) goes back
 * to the system with this process instead of staying in the launcher's for as long as the shop runs.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

for (const dataDir of process.argv.slice(2)) {
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  await db.close();
}
