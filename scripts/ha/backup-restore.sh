#!/usr/bin/env bash
# Restores a base backup into a NEW data folder and sets it to replay the WAL archive up to a point in
# time, then stop and promote (docs/operations.md, "Backups and point-in-time restore"). Run it as the
# postgres OS user; then start PostgreSQL on the new folder (pg_ctl -D NEW_DATA start, or the test's
# launcher) and check it (npm run cli -- ledger:check with DATABASE_URL at it).
#
#   scripts/ha/backup-restore.sh /backups/base/20261126T060000Z /backups/wal /var/lib/postgresql/15/restore \
#       --name before-incident            # a restore point made with pg_create_restore_point('before-incident')
#   …                                     --time '2026-11-26 06:41:07+00'   # or a timestamp (recovery_target_time)
#   …                                     --latest                          # or everything the archive holds
#
# The target folder must not exist or be empty: a restore never overwrites a data folder.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
usage="usage: backup-restore.sh BASE_BACKUP WAL_ARCHIVE NEW_DATA (--name NAME | --time TIMESTAMP | --latest)"
base=${1:?$usage}
archive=${2:?$usage}
data=${3:?$usage}
kind=${4:?$usage}
value=${5:-}

case "$kind" in
  --name) [ -n "$value" ] || { echo "$usage" >&2; exit 2; }; target="recovery_target_name = '${value//\'/\'\'}'" ;;
  --time) [ -n "$value" ] || { echo "$usage" >&2; exit 2; }; target="recovery_target_time = '${value//\'/\'\'}'" ;;
  --latest) target="" ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
[ -f "$base/base.tar.gz" ] || { echo "no base.tar.gz in $base" >&2; exit 2; }
[ -d "$archive" ] || { echo "no WAL archive at $archive" >&2; exit 2; }
if [ -e "$data" ] && [ -n "$(ls -A "$data")" ]; then echo "$data is not empty: restore into a new folder" >&2; exit 2; fi

mkdir -p "$data"
chmod 0700 "$data"
tar -xzf "$base/base.tar.gz" -C "$data"
mkdir -p "$data/pg_wal"
[ -f "$base/pg_wal.tar.gz" ] && tar -xzf "$base/pg_wal.tar.gz" -C "$data/pg_wal"
# The manifest checks every file of the extracted backup (sizes and checksums); WAL is replayed next.
"$PG_BIN/pg_verifybackup" --no-parse-wal -m "$base/backup_manifest" "$data"

# Recovery settings go into postgresql.auto.conf (read last, so they win). The archive is read with
# cp; recovery stops AT the target (inclusive) and promotes: the restored server takes writes, on a
# new timeline, so its WAL never mixes with the old primary's in the archive.
{
  echo "# scripts/ha/backup-restore.sh $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "restore_command = 'cp \"$archive/%f\" \"%p\"'"
  [ -n "$target" ] && echo "$target"
  [ -n "$target" ] && echo "recovery_target_inclusive = on"
  echo "recovery_target_action = 'promote'"
  # The restored copy must not archive into the production archive under the old name.
  echo "archive_mode = off"
} >> "$data/postgresql.auto.conf"
# A standby.signal copied by the backup of a standby would make it follow, not recover: removed.
rm -f "$data/standby.signal"
touch "$data/recovery.signal"
echo "$data"
