#!/bin/sh
# Rotating the JWT signing key without logging anyone out (README, "Operators (Kubernetes)"). It
# edits the local overlay's secret files (`infra/k8s/secrets.sh init` wrote them) and applies the
# overlay: kustomize hashes the Secret's content into its name, so every apply of a changed file
# rolls each Deployment that reads it, and the script waits for those rollouts between the steps.
#   infra/k8s/jwt-keys.sh rotate   new key pair:
#                                    1. every service trusts the new key beside the ones it trusts
#                                    2. only then does auth sign with the new key
#   infra/k8s/jwt-keys.sh retire   once the token lifetime (auth's TOKEN_TTL_SECONDS, 7 days by
#                                  default) has passed since rotate: trust the signing key alone
# JWT_PUBLIC_KEY (jwt-public.pem) holds every trusted public key, one PEM block after another; a
# token names its key (kid), so each service checks it with that key (packages/common/src/jwt.ts).
# OVERLAY (infra/k8s/overlays/local), SECRETS_DIR ($OVERLAY/secrets) and NAMESPACE (quad) may be
# set. Needs kubectl and openssl.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
OVERLAY=${OVERLAY:-$here/overlays/local}
SECRETS_DIR=${SECRETS_DIR:-$OVERLAY/secrets}
NAMESPACE=${NAMESPACE:-quad}
ALL_DEPLOYMENTS="auth forum social chat commerce moderation search notifications gateway"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

new_key_pair() { # new_key_pair <name>: <name>-private.pem and <name>-public.pem, ES256 (P-256)
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/$1-private.pem" 2>/dev/null
  openssl pkey -in "$work/$1-private.pem" -pubout -out "$work/$1-public.pem"
}

signing_public_key() { # signing_public_key <file>: the public half of the key auth signs with now
  if ! openssl pkey -in "$SECRETS_DIR/jwt-private.pem" -pubout -out "$1" 2>/dev/null; then
    echo "$SECRETS_DIR/jwt-private.pem is not a key: run '$here/secrets.sh init' first" >&2
    exit 1
  fi
}

replace_file() { # replace_file <secret file> <new content file>: in one step, readable by the owner only
  cp "$2" "$SECRETS_DIR/.$1.new"
  chmod 600 "$SECRETS_DIR/.$1.new"
  mv "$SECRETS_DIR/.$1.new" "$SECRETS_DIR/$1"
}

apply_and_wait() { # the overlay with the files as they are now, then every service rolled out
  kubectl apply -k "$OVERLAY" >/dev/null
  for deployment in $ALL_DEPLOYMENTS; do
    kubectl -n "$NAMESPACE" rollout status "deployment/$deployment" --timeout=10m
  done
}

case "${1:-}" in
  rotate)
    signing_public_key "$work/signing-public.pem"
    new_key_pair new
    cat "$work/new-public.pem" "$SECRETS_DIR/jwt-public.pem" >"$work/trusted-during-rotation.pem"
    replace_file jwt-public.pem "$work/trusted-during-rotation.pem"
    apply_and_wait
    echo "Step 1 done: every service trusts the new key too. Auth now signs with it."
    replace_file jwt-private.pem "$work/new-private.pem"
    apply_and_wait
    echo "Rotated. Tokens signed with the previous key stay valid until they expire;"
    echo "after the token lifetime has passed, run '$0 retire'."
    ;;
  retire)
    signing_public_key "$work/signing-public.pem"
    replace_file jwt-public.pem "$work/signing-public.pem"
    apply_and_wait
    echo "Retired every key but the signing key; tokens signed with older keys are refused now."
    ;;
  *)
    echo "usage: $0 rotate|retire   (OVERLAY=$OVERLAY NAMESPACE=$NAMESPACE)" >&2
    echo "The first key pair comes from '$here/secrets.sh init'." >&2
    exit 2
    ;;
esac
