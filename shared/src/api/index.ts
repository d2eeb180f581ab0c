export * from './target-validate';
export * from './source-validate';
export * from './source-zones';
export * from './scan';
export * from './scan-coverage';
export * from './axfr';
export * from './account-source';
export * from './zone-from';
export * from './migrate';
export * from './rrset-choices';
export * from './cutover';
export * from './pair';
export * from './pair-confirm';
export * from './pair-proof';
export * from './undo';

export * from './endpoints';
