#!/usr/bin/env bash
# The integration suite on Debian's PostgreSQL 15 (issue 29, "The PostgreSQL versions operators have").
# Starts a PG15 server of its own in a temp folder on a free port (as the postgres OS user when run as
# root: PostgreSQL refuses root), runs `npx vitest run` with DATABASE_URL pointing at it (the global
# setup creates and drops a database of its own there), then stops that server and removes the folder,
# whatever the suite's outcome. Extra arguments go to vitest: `bash scripts/ha/pg15-suite.sh tests/payments`.
# Needs the postgresql-15 package (.ci/run installs it).
set -euo pipefail
cd "$(dirname "$0")/../.."

bin=${PG15_BIN:-/usr/lib/postgresql/15/bin}
[ -x "$bin/postgres" ] || { echo "PostgreSQL 15 is not installed at $bin (apt-get install postgresql-15)" >&2; exit 1; }

folder=$(mktemp -d /tmp/collect-pg15-suite-XXXXXX)
chmod 755 "$folder" # the postgres user must enter it
data="$folder/data"
password=$(node -e 'process.stdout.write(require("node:crypto").randomBytes(18).toString("base64url"))')
port=$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then
  id postgres > /dev/null 2>&1 || useradd -r -U -s /usr/sbin/nologin postgres
  chown postgres: "$folder"
fi

stop() {
  status=$?
  as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop > /dev/null 2>&1 || true
  rm -rf "$folder"
  exit $status
}
trap stop EXIT INT TERM

printf '%s\n' "$password" > "$folder/pwfile"
[ "$(id -u)" = 0 ] && chown postgres: "$folder/pwfile"
as_owner "$bin/initdb" -D "$data" --auth=scram-sha-256 --username=postgres --pwfile="$folder/pwfile" \
  --encoding=UTF8 --locale=C > "$folder/initdb.log"
rm -f "$folder/pwfile"
# The embedded server's settings (lib/platform/postgres/server.ts) minus the PostgreSQL 18-only ones.
as_owner "$bin/pg_ctl" -D "$data" -l "$folder/postgres.log" -w -t 60 start \
  -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200" > /dev/null

echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port ($folder)"
DATABASE_URL="postgres://postgres:$password@127.0.0.1:$port/postgres" npx vitest run "$@"
