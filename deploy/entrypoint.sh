#!/bin/sh
# `api` (the default): the HTTP server; `worker`: a job worker; `admin …`: an operator command.
set -e
cd /protokoll
case "${1:-api}" in
  api) shift; exec node --max-semi-space-size=2 --enable-source-maps packages/server/dist/main.js "$@" ;;
  worker) shift; exec node --max-semi-space-size=2 --enable-source-maps packages/server/dist/worker.js "$@" ;;
  admin) shift; exec node --enable-source-maps packages/server/dist/admin.js "$@" ;;
  *) exec "$@" ;;
esac
