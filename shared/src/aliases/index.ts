export * from './route53';
export * from './azure';
