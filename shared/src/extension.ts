/**
 * The browser extension's fixed id. It is pinned by the public key in the extension's manifest
 * (`key`), so the companion can allow exactly this origin.
 */
export const EXTENSION_ID = 'cgcikpkplhpcpopalmhbmhcndndpgkll';
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
