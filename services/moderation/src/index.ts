import { startService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareModeration } from './setup';

const config = loadServiceConfig();

startService({ service: 'moderation', config, port: config.PORT, createApp, prepare: prepareModeration, startEventConsumers });
