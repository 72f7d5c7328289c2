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

export function HeaderSearch() {
  const inBrowser = !usePrerendered();
  const [handover, setHandover] = useState<RemotePartProps['SearchBox']>();
  useEffect(() => {
    if (!inBrowser) return;
    let current = true;
    loadRemotePart('catalog', 'SearchBox').then(
      () => {
        if (!current) return;
        const box = document.getElementById(SEARCH_BOX_ID);
        setHandover({ text: box instanceof HTMLInputElement ? box.value : undefined, focused: box !== null && document.activeElement === box });
      },
      // Catalog is down or its build has no such part: the plain box stays, and says nothing.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [inBrowser]);
  if (!handover) return <SearchBox />;
  return <RemotePart remote="catalog" part="SearchBox" props={handover} fallback={<SearchBox />} />;
}
