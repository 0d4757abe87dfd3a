import { startService } from '@quad/common';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import { startEventConsumers } from './incoming-events';
import { prepareForum } from './setup';

const config = loadServiceConfig();

startService({ service: 'forum', config, port: config.PORT, createApp, prepare: prepareForum, startEventConsumers });
