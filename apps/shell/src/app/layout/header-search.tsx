/**
 * The header's search (docs/shell.md, "Search box"): catalog's box with product suggestions (the part
 * `catalog/SearchBox`: catalog's team owns search) once it has loaded in the browser; until then, and
 * for good when catalog cannot be loaded, the shell's own plain box (spec section 2's box, the same
 * submit rule). The server renders the plain box: parts have no server build, and a part failing there
 * would cost the page's whole server render. The part is loaded first and swapped in once it is in, so
 * a box that never loads never flickers; the swap hands over the text typed so far and the focus.
 */
import { useEffect, useState } from 'react';
import type { RemotePartProps } from '@shop/contracts';
import { loadRemotePart, RemotePart } from '@shop/shop-client';
import { usePrerendered } from './prerendered.js';
import { SearchBox, SEARCH_BOX_ID } from './search-box.js';

/** What the plain box hands catalog's: the text it shows and whether the shopper is in it. */
function plainBoxHandover(): RemotePartProps['SearchBox'] {
  const box = document.getElementById(SEARCH_BOX_ID);
  return { text: box instanceof HTMLInputElement ? box.value : undefined, focused: box !== null && document.activeElement === box };
}

export function HeaderSearch() {
  const inBrowser = !usePrerendered();
  const [partLoaded, setPartLoaded] = useState(false);
  const [handover, setHandover] = useState<RemotePartProps['SearchBox']>();
  useEffect(() => {
    if (!inBrowser) return;
    let current = true;
    loadRemotePart('catalog', 'SearchBox').then(
      () => {
        if (current) setPartLoaded(true);
      },
      // Catalog is down or its build has no such part: the plain box stays, and says nothing.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [inBrowser]);
  // Read in the render that swaps the boxes, which React commits in the same task, not when the part
  // arrived: keys pressed in between (the render waits for a task of its own) are in the box by now.
  if (partLoaded && !handover) setHandover(plainBoxHandover());
  if (!handover) return <SearchBox />;
  return <RemotePart remote="catalog" part="SearchBox" props={handover} fallback={<SearchBox />} />;
}
