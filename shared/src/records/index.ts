export * from './registry';
export * from './schema';
export * from './identity';
export * from './presentation';
export * from './target-rules';
export { quoteTxt, txtStringsOf, txtValue, txtText, quoteBytes } from './txt';
export { ipv4, ipv6 } from './ip';
export { RdataError, tokenize, tokenBytes, type Token } from './rdata';
export type { RecordTypeSpec, RecordValue } from './spec';
