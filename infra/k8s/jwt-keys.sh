#!/bin/sh
# The JWT signing keys in the quad-secrets Secret (README, "Operators (Kubernetes)"):
#   infra/k8s/jwt-keys.sh init     first key pair, replacing the committed placeholders
#   infra/k8s/jwt-keys.sh rotate   new key pair without logging anyone out:
#                                    1. every service trusts the new key beside the ones it trusts
#                                    2. only then does auth sign with the new key
#   infra/k8s/jwt-keys.sh retire   once the token lifetime (auth's TOKEN_TTL_SECONDS, 7 days by
#                                  default) has passed since rotate: trust the signing key alone
# JWT_PUBLIC_KEY holds every trusted public key, one PEM block after another; a token names its key
# (kid), so each service checks it with that key (packages/common/src/jwt.ts).
# NAMESPACE (quad) and SECRET (quad-secrets) choose the Secret. Needs kubectl and openssl.
set -eu

NAMESPACE=${NAMESPACE:-quad}
SECRET=${SECRET:-quad-secrets}
ALL_DEPLOYMENTS="auth forum social chat commerce moderation gateway"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

secret_value() { # secret_value <key>: the Secret's value of <key>, decoded
  kubectl -n "$NAMESPACE" get secret "$SECRET" -o "jsonpath={.data.$1}" | openssl base64 -d -A
}

set_secret_value() { # set_secret_value <key> <file>: the Secret's <key> becomes the file's content
  encoded=$(openssl base64 -A <"$2")
  kubectl -n "$NAMESPACE" patch secret "$SECRET" --type merge -p "{\"data\":{\"$1\":\"$encoded\"}}" >/dev/null
}

new_key_pair() { # new_key_pair <name>: <name>-private.pem and <name>-public.pem, ES256 (P-256)
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/$1-private.pem" 2>/dev/null
  openssl pkey -in "$work/$1-private.pem" -pubout -out "$work/$1-public.pem"
}

signing_public_key() { # signing_public_key <file>: the public half of the key auth signs with now
  secret_value JWT_PRIVATE_KEY >"$work/signing-private.pem"
  if ! openssl pkey -in "$work/signing-private.pem" -pubout -out "$1" 2>/dev/null; then
    echo "JWT_PRIVATE_KEY in $NAMESPACE/$SECRET is not a key yet: run '$0 init' first" >&2
    exit 1
  fi
}

restart() { # restart <deployment>...: rolling restarts (pods read the Secret at start), then waits
  for deployment in "$@"; do kubectl -n "$NAMESPACE" rollout restart "deployment/$deployment" >/dev/null; done
  for deployment in "$@"; do kubectl -n "$NAMESPACE" rollout status "deployment/$deployment" --timeout=10m; done
}

case "${1:-}" in
  init)
    new_key_pair new
    set_secret_value JWT_PUBLIC_KEY "$work/new-public.pem"
    set_secret_value JWT_PRIVATE_KEY "$work/new-private.pem"
    # shellcheck disable=SC2086
    restart $ALL_DEPLOYMENTS
    echo "Quad signs and verifies with a new key pair. (Sessions signed with an older key end.)"
    ;;
  rotate)
    signing_public_key "$work/signing-public.pem"
    secret_value JWT_PUBLIC_KEY >"$work/trusted.pem"
    new_key_pair new
    cat "$work/new-public.pem" "$work/trusted.pem" >"$work/trusted-during-rotation.pem"
    set_secret_value JWT_PUBLIC_KEY "$work/trusted-during-rotation.pem"
    # shellcheck disable=SC2086
    restart $ALL_DEPLOYMENTS
    echo "Step 1 done: every service trusts the new key too. Auth now signs with it."
    set_secret_value JWT_PRIVATE_KEY "$work/new-private.pem"
    restart auth
    echo "Rotated. Tokens signed with the previous key stay valid until they expire;"
    echo "after the token lifetime has passed, run '$0 retire'."
    ;;
  retire)
    signing_public_key "$work/signing-public.pem"
    set_secret_value JWT_PUBLIC_KEY "$work/signing-public.pem"
    # shellcheck disable=SC2086
    restart $ALL_DEPLOYMENTS
    echo "Retired every key but the signing key; tokens signed with older keys are refused now."
    ;;
  *)
    echo "usage: $0 init|rotate|retire   (NAMESPACE=$NAMESPACE SECRET=$SECRET)" >&2
    exit 2
    ;;
esac
