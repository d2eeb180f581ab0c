export * from './names';
export * from './records';
export * from './events';
export * from './errors';
export * from './api/index';
export * from './extension';
export * from './zone-file/index';
export * from './aliases/index';
