export * from './route53';
