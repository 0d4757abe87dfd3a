import { startService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareCommerce } from './setup';

const config = loadServiceConfig();

startService({ service: 'commerce', config, port: config.PORT, createApp, prepare: prepareCommerce, startEventConsumers });
