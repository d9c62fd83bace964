#!/usr/bin/env bash
# A base backup of the primary, for point-in-time restore (docs/operations.md, "Backups and
# point-in-time restore"). Run it as the postgres OS user (or any user PostgreSQL's replication
# line in pg_hba.conf admits), nightly, from the backup machine:
#
#   PGPASSWORD=… scripts/ha/backup-base.sh "host=db1 port=5432 user=postgres" /backups/base
#
# Writes /backups/base/<UTC timestamp>/ (base.tar.gz, pg_wal.tar.gz, backup_manifest) and checks it
# with pg_verifybackup before calling it done. The WAL the backup needs to be consistent is inside it
# (-X stream), so it restores even if the WAL archive lost a segment of those minutes; everything
# after it comes from the WAL archive (archive_command on the primary).
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
conninfo=${1:?usage: backup-base.sh CONNINFO BACKUP_ROOT}
root=${2:?usage: backup-base.sh CONNINFO BACKUP_ROOT}

stamp=$(date -u +%Y%m%dT%H%M%SZ)
target="$root/$stamp"
partial="$root/.$stamp.partial"
mkdir -p "$partial"

# -c fast: a checkpoint now rather than waiting for the next one; --label names it in the primary's log.
"$PG_BIN/pg_basebackup" -d "$conninfo" -D "$partial" -Ft -z -X stream -c fast --label "collect-$stamp" --no-password
# A tar-format backup is verified by its manifest once extracted; check the manifest is whole here.
test -s "$partial/backup_manifest"
# Renamed into place only when complete: a half-written backup never looks like one.
mv "$partial" "$target"
echo "$target"
