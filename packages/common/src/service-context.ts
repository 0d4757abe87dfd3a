import type { Connection, Model } from 'mongoose';
import type { BaseConfig } from './config';
import { type Repository, type RepositoryOptions, type Stored, createRepository } from './data/repository';
import type { Logger } from './logger';
import type { Redis } from './redis';
import { type ServiceRuntime, perRuntime } from './runtime';
import type { UserDirectory } from './user-directory';

/*
 * One construction of a service's context, the object its domain code works with (never req/res):
 * the pieces every service has from its runtime, its models on the runtime's connection, a
 * repository per collection it writes (each write mirrored into its lists and cache in the same
 * call, its events recorded in the outbox ahead of it), and whatever else the service wires itself.
 * One context per runtime, shared by the HTTP routes, the event consumers and start-up.
 */

/** What every service context holds, taken from its runtime. */
export interface ServiceContextBase<C extends BaseConfig, M> {
  config: C;
  logger: Logger;
  /** Redis for the service's own keys (locks, rate limits); repositories keep theirs themselves. */
  redis: Redis;
  /** Namespaces the service's own Redis keys: the runtime's, unique per test file. */
  namespace: string;
  /** The cached user directory: names, colleges, subscriptions, bans. */
  directory: UserDirectory;
  /** Every model on the runtime's connection (registered at start, so their indexes are built). */
  models: M;
}

/** What a service's wiring is handed: its runtime and a maker of repositories on it. */
export interface ServiceContextTools<C extends BaseConfig> {
  runtime: ServiceRuntime<C>;
  /**
   * The repository of one collection, named `name` in Redis keys (unique within the service);
   * `lists` says which lists a document is on (or, as options, also its search terms).
   */
  repository<T extends Stored>(
    model: Model<T>,
    name: string,
    lists?: RepositoryOptions<T>['listsOf'] | Omit<RepositoryOptions<T>, 'model' | 'name'>,
  ): Repository<T>;
}

export type ServiceContext<C extends BaseConfig, M, X> = Omit<ServiceContextBase<C, M>, keyof X> & X;

/**
 * A service's context maker: its models on the runtime's connection, and `wire` adds its
 * repositories and whatever else it needs (a piece it returns replaces the base one of that name).
 * One context per runtime, however often it is asked for.
 */
export function defineServiceContext<M, X extends object, C extends BaseConfig = BaseConfig>(
  modelsOf: (db: Connection) => M,
  wire: (models: M, tools: ServiceContextTools<C>) => X,
): (runtime: ServiceRuntime<C>) => ServiceContext<C, M, X> {
  return perRuntime((runtime: ServiceRuntime<C>) => {
    const models = modelsOf(runtime.db);
    const tools: ServiceContextTools<C> = {
      runtime,
      repository: (model, name, lists) =>
        createRepository(runtime, {
          model,
          name,
          ...(typeof lists === 'function' ? { listsOf: lists } : lists),
        }),
    };
    const base: ServiceContextBase<C, M> = {
      config: runtime.config,
      logger: runtime.logger,
      redis: runtime.redis,
      namespace: runtime.namespace,
      directory: runtime.directory,
      models,
    };
    return { ...base, ...wire(models, tools) };
  });
}
