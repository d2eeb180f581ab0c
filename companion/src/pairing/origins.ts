/**
 * Origins a browser gives only to extension pages. A web page cannot send one, so only an extension
 * may ask to pair; an extension still needs the printed code.
 */
const EXTENSION_ORIGIN =
  /^(chrome-extension:\/\/[a-p]{32}|moz-extension:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|safari-web-extension:\/\/[0-9A-Fa-f-]{36})$/;

export function isExtensionOrigin(origin: string): boolean {
  return EXTENSION_ORIGIN.test(origin);
}
