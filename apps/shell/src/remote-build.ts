/**
 * Which build of a remote a script belongs to, read from its address. The gateway serves every build
 * of a remote from a folder of its own, `/mf/<remote>/<build>/`, the build id being 10 lowercase hex
 * digits (a content hash), so the address alone says which build is running: nothing else needs to
 * carry it. An address of another form (a remote's dev server) names no build.
 */

import { BUILD_FOLDER } from '@shop/contracts';

/*
 * A remote's name and a build id as the gateway accepts them (libs/contracts' page-reports.ts): a
 * report naming anything else would make the gateway refuse the whole body it is in.
 */

/** `/mf/<remote>/<build>/remoteEntry.js`, the whole path of a remote's entry. */
const REMOTE_ENTRY_PATH = new RegExp(`^${BUILD_FOLDER.source}remoteEntry\\.js$`);

/** A build of a remote, as the gateway counts what shoppers' browsers report. */
export interface RemoteBuild {
  remote: string;
  build: string;
}

/**
 * The build of `remote` whose entry is at `entry` (an absolute URL), or undefined when the address
 * is not the gateway's `/mf/<remote>/<build>/remoteEntry.js` for that very remote.
 */
export function buildOfRemoteEntry(remote: string, entry: string): string | undefined {
  let path: string;
  try {
    path = new URL(entry).pathname;
  } catch {
    return undefined;
  }
  const match = REMOTE_ENTRY_PATH.exec(path);
  return match && match[1] === remote ? match[2] : undefined;
}

/** The first remote build whose folder a text names (a stack's top frame comes first), if any. */
export function remoteBuildIn(text: string | undefined): RemoteBuild | undefined {
  const match = text ? BUILD_FOLDER.exec(text) : null;
  return match?.[1] && match[2] ? { remote: match[1], build: match[2] } : undefined;
}
