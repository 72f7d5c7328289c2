import { buildOfRemoteEntry, remoteBuildIn } from './remote-build.js';

describe('buildOfRemoteEntry', () => {
  it("reads the build id from the gateway's address of a remote's entry", () => {
    expect(buildOfRemoteEntry('catalog', 'http://localhost:3000/mf/catalog/3f9a1c2b7d/remoteEntry.js')).toBe('3f9a1c2b7d');
    expect(buildOfRemoteEntry('admin', 'https://shop.example.com/mf/admin/0123456789/remoteEntry.js?v=1')).toBe('0123456789');
  });

  it('names no build for an address of another form', () => {
    // A remote's dev server.
    expect(buildOfRemoteEntry('catalog', 'http://localhost:3011/remoteEntry.js')).toBeUndefined();
    // Not 10 lowercase hex digits.
    expect(buildOfRemoteEntry('catalog', 'http://localhost/mf/catalog/3F9A1C2B7D/remoteEntry.js')).toBeUndefined();
    expect(buildOfRemoteEntry('catalog', 'http://localhost/mf/catalog/3f9a1c2b7/remoteEntry.js')).toBeUndefined();
    expect(buildOfRemoteEntry('catalog', 'http://localhost/mf/catalog/3f9a1c2b7dd/remoteEntry.js')).toBeUndefined();
    // Another file, a deeper path, another remote's folder.
    expect(buildOfRemoteEntry('catalog', 'http://localhost/mf/catalog/3f9a1c2b7d/main.js')).toBeUndefined();
    expect(buildOfRemoteEntry('catalog', 'http://localhost/cdn/mf/catalog/3f9a1c2b7d/remoteEntry.js')).toBeUndefined();
    expect(buildOfRemoteEntry('checkout', 'http://localhost/mf/catalog/3f9a1c2b7d/remoteEntry.js')).toBeUndefined();
    // No absolute URL.
    expect(buildOfRemoteEntry('catalog', '/mf/catalog/3f9a1c2b7d/remoteEntry.js')).toBeUndefined();
  });
});

describe('remoteBuildIn', () => {
  it("finds the remote build whose folder a script's address names", () => {
    expect(remoteBuildIn('http://localhost/mf/checkout/a1b2c3d4e5/__federation_expose_CartPage.8f3e.js')).toEqual({ remote: 'checkout', build: 'a1b2c3d4e5' });
  });

  it("takes the first frame of a stack that names one (where the error was thrown)", () => {
    const stack = [
      'TypeError: Cannot read properties of undefined',
      '    at onClick (http://localhost/mf/admin/5e4d3c2b1a/612.js:1:200)',
      '    at dispatch (http://localhost/react-dom.1f96deea.js:1:9000)',
      '    at run (http://localhost/mf/catalog/3f9a1c2b7d/12.js:1:10)',
    ].join('\n');
    expect(remoteBuildIn(stack)).toEqual({ remote: 'admin', build: '5e4d3c2b1a' });
  });

  it("names none for the shell's own scripts or no text", () => {
    expect(remoteBuildIn('http://localhost/main.4c0721c0.js')).toBeUndefined();
    expect(remoteBuildIn(undefined)).toBeUndefined();
  });

  it('names no remote the gateway would refuse (it would refuse the whole body)', () => {
    expect(remoteBuildIn('http://localhost/mf/Catalog_2/3f9a1c2b7d/1.js')).toBeUndefined();
    expect(buildOfRemoteEntry('Catalog_2', 'http://localhost/mf/Catalog_2/3f9a1c2b7d/remoteEntry.js')).toBeUndefined();
  });
});
