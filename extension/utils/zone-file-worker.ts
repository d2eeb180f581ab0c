/**
 * Reads a pasted zone file off the popup's main thread: a 10,000-line paste takes the parser about
 * half a second, during which the popup could not answer a click.
 */
import { parseZoneFile } from '@dnsferry/shared';
import type { ParseReply, ParseRequest } from './zone-text';

self.onmessage = (e: MessageEvent<ParseRequest>) => {
  const { seq, text, zone } = e.data;
  const reply: ParseReply = { seq, parsed: parseZoneFile(text, zone) };
  self.postMessage(reply);
};
