export * from './enums';
export * from './accounts';
export * from './gyms';
export * from './people';
export * from './billing';
export * from './events';
export * from './mail';
export * from './imports';
