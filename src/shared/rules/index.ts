export * from './nationalId';
export * from './email';
export * from './person';
export * from './dates';
export * from './money';
export * from './constants';
export * from './layout';
