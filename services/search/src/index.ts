import { startService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareSearch } from './setup';

const config = loadServiceConfig();

startService({ service: 'search', config, port: config.PORT, createApp, prepare: prepareSearch, startEventConsumers });
