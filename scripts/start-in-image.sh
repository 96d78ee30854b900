#!/bin/sh
# The Docker image's start (Dockerfile CMD; scripts/deploy-check.sh runs it too). The image
# keeps the catalogue on the data volume (CATALOGUE_FILE=/app/data/catalogue/catalogue.json),
# so a new container, an upgrade or a restore keeps the published prices and their history;
# the first start on an empty volume begins from the catalogue the image ships.
set -eu
if [ ! -f "$CATALOGUE_FILE" ]; then
  mkdir -p "$(dirname "$CATALOGUE_FILE")"
  cp catalogue/catalogue.json "$CATALOGUE_FILE"
  echo "CATALOGUE_FILE $CATALOGUE_FILE did not exist: started from the catalogue the image ships" >&2
fi
exec node dist/server/index.js
