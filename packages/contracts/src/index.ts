export * from './constants';
export * from './auth';
export * from './events';
export * from './routes';
export * from './forum';
export * from './chat';
