#!/bin/sh
# The docker-compose `backup` service (ADR 051): every BACKUP_INTERVAL_SECONDS (default a day) a pg_dump of
# the app's database into /backups, written under a temporary name and renamed only once pg_restore has read
# it back; backups older than BACKUP_KEEP_DAYS (default 14) are deleted. With --once: one backup, then exit.
# Connection from libpq's PGHOST, PGUSER, PGPASSWORD, PGDATABASE.
set -u
dir="${BACKUP_DIR:-/backups}"
interval="${BACKUP_INTERVAL_SECONDS:-86400}"
keep_days="${BACKUP_KEEP_DAYS:-14}"

backup_once() {
  name="$dir/fleetops-$(date -u +%Y-%m-%dT%H%M%SZ).dump"
  if pg_dump --format=custom --no-owner --no-privileges --file="$name.part" &&
    pg_restore --list "$name.part" >/dev/null; then
    mv "$name.part" "$name"
    echo "backup written: $name"
  else
    rm -f "$name.part"
    echo "backup FAILED at $(date -u +%Y-%m-%dT%H:%M:%SZ)" >&2
    return 1
  fi
  find "$dir" -name 'fleetops-*.dump' -mtime +"$keep_days" -delete
}

mkdir -p "$dir"
if [ "${1:-}" = "--once" ]; then
  backup_once
  exit $?
fi
while true; do
  backup_once
  sleep "$interval"
done
