export * from './constants';
export * from './auth';
export * from './events';
export * from './routes';
export * from './forum';
export * from './moderation';
export * from './social';
export * from './chat';
