/**
 * The official images Quad runs on wherever a container engine exists, in one place:
 * `infra/docker-compose.yml`, the Kubernetes local overlay (`infra/k8s/overlays/local`), the
 * Dockerfile's base image and the test suite's `TEST_INFRA=docker` mode use exactly these, and
 * `infra/test` fails when any of them drifts. (Without a container engine, `infra/local` builds
 * the same servers from source; its versions are in `infra/local/src/versions.ts`.)
 */
import type { InfraName } from '@quad/infra-local';

export const INFRA_IMAGES = {
  mongo: 'mongo:7.0',
  /** 2.12, the series `infra/local` builds (nats-server v2.12.x). */
  nats: 'nats:2.12',
  redis: 'redis:7.4',
  /** The last image MinIO published before its community edition went source-only; any S3 store can replace it. */
  minio: 'minio/minio:RELEASE.2025-09-07T16-13-09Z',
  /** The SMTP catcher: SMTP on 1025, web UI and API on 8025. */
  smtp: 'axllent/mailpit:v1.29',
} as const satisfies Record<InfraName, string>;

/** Node 24 LTS with npm: the build stages of infra/docker/Dockerfile and compose's one-shot `keys` job. */
export const NODE_IMAGE = 'node:24-bookworm-slim';

/** The runtime of every Quad service image: Node 24 without a shell or package manager, as `nonroot` (65532). */
export const RUNTIME_IMAGE = 'gcr.io/distroless/nodejs24-debian12:nonroot';

/** The unprivileged user and group the service images run as (RUNTIME_IMAGE's `nonroot`). */
export const SERVICE_UID = 65532;

/** The compose service (and Kubernetes local overlay workload) that runs each infrastructure server. */
export const INFRA_HOSTS: Record<InfraName, string> = {
  mongo: 'mongo',
  nats: 'nats',
  redis: 'redis',
  minio: 'minio',
  smtp: 'mailpit',
};
