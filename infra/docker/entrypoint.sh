#!/bin/sh
# The *_FILE convention of the official images: for every NAME_FILE=/path in the environment, NAME
# is set to the file's content. Compose mounts the local JWT keys this way; Kubernetes may do the
# same with a mounted Secret. Then the service starts as the main process.
set -eu

for name in $(env | sed -n 's/^\([A-Z][A-Z0-9_]*\)_FILE=.*/\1/p'); do
  file=$(printenv "${name}_FILE")
  if printenv "$name" >/dev/null; then
    echo "quad-entrypoint: both $name and ${name}_FILE are set; set one" >&2
    exit 1
  fi
  if [ ! -r "$file" ]; then
    echo "quad-entrypoint: ${name}_FILE names $file, which is not a readable file" >&2
    exit 1
  fi
  value=$(cat "$file")
  export "$name=$value"
  unset "${name}_FILE"
done

exec "$@"
