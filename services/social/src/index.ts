import { startService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareSocial } from './setup';

const config = loadServiceConfig();

startService({ service: 'social', config, port: config.PORT, createApp, prepare: prepareSocial, startEventConsumers });
