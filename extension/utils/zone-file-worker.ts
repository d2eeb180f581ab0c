/**
 * Reads a pasted zone file (or records table) off the popup's main thread: a 10,000-line paste takes
 * the parser about half a second, during which the popup could not answer a click.
 */
import { readPaste, type ParseReply, type ParseRequest } from './paste-reading';

self.onmessage = (e: MessageEvent<ParseRequest>) => {
  const { seq, text, zone } = e.data;
  const reply: ParseReply = { seq, parsed: readPaste(text, zone) };
  self.postMessage(reply);
};
