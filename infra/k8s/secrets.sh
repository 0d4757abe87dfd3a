#!/bin/sh
# The local overlay's secrets as files, which its secretGenerator turns into the Secrets
# quad-secrets and quad-tls (README, "Operators (Kubernetes)"). Git ignores them (infra/k8s/.gitignore):
#   infra/k8s/secrets.sh init   writes them once, before the first `kubectl apply -k`:
#     jwt-private.pem, jwt-public.pem   an ES256 (P-256) key pair for auth's tokens
#     tls.crt, tls.key                  a self-signed certificate for PUBLIC_HOST (quad.localhost)
#     quad-secrets.env                  random passwords for MongoDB, Redis, NATS, MinIO and the
#                                       admin sign-up, and the services' connection strings with them
# Rotate the JWT key with infra/k8s/jwt-keys.sh. Elsewhere, give the cluster a Secret quad-secrets
# with the same keys from your secret store (an overlay's secretGenerator fed by it, an
# ExternalSecret or a SealedSecret), never from git.
# SECRETS_DIR (overlays/local/secrets) and PUBLIC_HOST (quad.localhost) may be set. Needs openssl.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
SECRETS_DIR=${SECRETS_DIR:-$here/overlays/local/secrets}
PUBLIC_HOST=${PUBLIC_HOST:-quad.localhost}

random() { # random <bytes>: that many random bytes in hex, safe inside a URL
  openssl rand -hex "$1"
}

case "${1:-}" in
  init)
    if [ -e "$SECRETS_DIR/quad-secrets.env" ]; then
      echo "$SECRETS_DIR holds secrets already; delete it first to start over (the cluster's" >&2
      echo "MongoDB keeps the password it was initialised with until its volume is deleted too)." >&2
      exit 1
    fi
    umask 077
    mkdir -p "$SECRETS_DIR"
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$SECRETS_DIR/jwt-private.pem" 2>/dev/null
    openssl pkey -in "$SECRETS_DIR/jwt-private.pem" -pubout -out "$SECRETS_DIR/jwt-public.pem"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 365 \
      -subj "/CN=$PUBLIC_HOST" -addext "subjectAltName=DNS:$PUBLIC_HOST" \
      -keyout "$SECRETS_DIR/tls.key" -out "$SECRETS_DIR/tls.crt" 2>/dev/null
    mongo_password=$(random 24)
    redis_password=$(random 24)
    nats_password=$(random 24)
    cat >"$SECRETS_DIR/quad-secrets.env" <<EOF_SECRETS
# Written by infra/k8s/secrets.sh init; the Secret quad-secrets is made from this file and the PEM
# files beside it. Never commit it.
ADMIN_PASSWORD=$(random 16)
S3_ACCESS_KEY=quad-$(random 4)
S3_SECRET_KEY=$(random 24)
SMTP_USER=
SMTP_PASSWORD=
MONGO_USERNAME=quad
MONGO_PASSWORD=$mongo_password
REDIS_PASSWORD=$redis_password
NATS_USER=quad
NATS_PASSWORD=$nats_password
MONGO_URL=mongodb://quad:$mongo_password@mongo:27017/?authSource=admin
REDIS_URL=redis://:$redis_password@redis:6379
NATS_URL=nats://quad:$nats_password@nats:4222
EOF_SECRETS
    echo "Secrets written to $SECRETS_DIR (the admin sign-up password is ADMIN_PASSWORD in quad-secrets.env)."
    echo "Now: kubectl apply -k $(dirname "$SECRETS_DIR")"
    ;;
  *)
    echo "usage: $0 init   (SECRETS_DIR=$SECRETS_DIR PUBLIC_HOST=$PUBLIC_HOST)" >&2
    exit 2
    ;;
esac
