#!/usr/bin/env bash
# Records what SchedLab imports, on a Linux machine with perf and PostgreSQL: a pgbench run,
# a `perf sched` recording (with lock:contention_begin/end when the kernel has them) taken in
# the middle of it, per-second nstat snapshots, and perf's own tables for the same recording
# (perf sched latency / timehist, perf lock contention) to check an import against.
#
#   example-data/record.sh [options] OUTDIR
#
# Writes into OUTDIR (text only; the binary perf.data is deleted unless --keep-perf-data):
#   perf_sched_script.txt.gz     perf sched script          -> schedlab import / File > Open
#   pgbench.txt                  pgbench -P 1 progress and summary
#   nstat.txt                    nstat -z every second (deltas per second, "#kernel" each)
#   perf_sched_latency.txt       perf sched latency          (ground truth for the task table)
#   perf_sched_latency_pids.txt  perf sched latency --pids
#   perf_sched_timehist.txt.gz   perf sched timehist
#   perf_lock_contention.txt     perf lock contention        (when lock events were recorded)
#   RECORDING.txt                machine, kernel, versions and the exact commands used
#
# Open them together:  java -jar target/schedlab.jar import OUTDIR/perf_sched_script.txt.gz \
#                          OUTDIR/pgbench.txt OUTDIR/nstat.txt --out run.json.gz
set -euo pipefail

usage() {
    cat <<'EOF'
usage: record.sh [options] OUTDIR

  -d SECONDS       length of the perf recording, may be fractional (default 1; one second of
                   pgbench on 2 CPUs is about 200k lines, 1.6 MB gzip)
  -T SECONDS       length of the pgbench run (default 8); perf records in its middle
  -c CLIENTS       pgbench clients (default 16)
  -j THREADS       pgbench threads (default 2)
  -s SCALE         pgbench -i scale (default 10)
  --server         start a throwaway PostgreSQL server on 127.0.0.1 (initdb in a temp
                   directory, removed afterwards); otherwise the server named by the libpq
                   environment (PGHOST, PGPORT, PGUSER, PGDATABASE) is used
  --port PORT      port of the throwaway server (default 54329)
  --no-init        do not run pgbench -i (the database is already initialised)
  --no-lock        do not record lock:contention_begin/end
  --keep-perf-data keep OUTDIR/perf.data
  -h, --help       this text

Needs: perf (linux-perf), pgbench and psql (postgresql-client), nstat (iproute2), gzip;
root, or kernel.perf_event_paranoid <= -1 and a readable tracefs. As root the tracefs is
mounted at /sys/kernel/tracing when it is not mounted yet.
EOF
}

die() { echo "record.sh: $*" >&2; exit 2; }
say() { echo "record.sh: $*" >&2; }

PERF_SECONDS=1
PGBENCH_SECONDS=8
CLIENTS=16
THREADS=2
SCALE=10
SERVER=0
PORT=54329
INIT=1
LOCKS=1
KEEP_PERF=0
OUT=""

while [ $# -gt 0 ]; do
    case "$1" in
        -d) PERF_SECONDS="$2"; shift 2 ;;
        -T) PGBENCH_SECONDS="$2"; shift 2 ;;
        -c) CLIENTS="$2"; shift 2 ;;
        -j) THREADS="$2"; shift 2 ;;
        -s) SCALE="$2"; shift 2 ;;
        --server) SERVER=1; shift ;;
        --port) PORT="$2"; shift 2 ;;
        --no-init) INIT=0; shift ;;
        --no-lock) LOCKS=0; shift ;;
        --keep-perf-data) KEEP_PERF=1; shift ;;
        -h|--help) usage; exit 0 ;;
        -*) usage >&2; die "unknown option $1" ;;
        *) [ -z "$OUT" ] || die "one OUTDIR only (got $OUT and $1)"; OUT="$1"; shift ;;
    esac
done
[ -n "$OUT" ] || { usage >&2; die "OUTDIR missing"; }
for n in "$PGBENCH_SECONDS" "$CLIENTS" "$THREADS" "$SCALE" "$PORT"; do
    case "$n" in ''|*[!0-9]*) die "expected a whole number, got '$n'" ;; esac
done
case "$PERF_SECONDS" in ''|*[!0-9.]*|*.*.*|.) die "-d: expected seconds such as 1 or 0.5, got '$PERF_SECONDS'" ;; esac
awk -v d="$PERF_SECONDS" -v t="$PGBENCH_SECONDS" 'BEGIN { exit !(d > 0 && t > d) }' \
    || die "-T ($PGBENCH_SECONDS) must be longer than -d ($PERF_SECONDS), and -d more than 0"

for tool in perf pgbench psql gzip; do
    command -v "$tool" >/dev/null || die "$tool not found (Debian/Ubuntu: apt-get install linux-perf postgresql-client)"
done
HAVE_NSTAT=1
command -v nstat >/dev/null || { HAVE_NSTAT=0; say "nstat not found (iproute2): no network counters"; }

# --- can perf see the scheduler tracepoints? -------------------------------------------
TRACEFS=/sys/kernel/tracing
if [ ! -e "$TRACEFS/available_events" ] && [ "$(id -u)" = 0 ]; then
    mount -t tracefs nodev "$TRACEFS" 2>/dev/null || say "could not mount tracefs at $TRACEFS"
fi
if [ "$(id -u)" != 0 ]; then
    paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
    [ "$paranoid" -le -1 ] || die "kernel.perf_event_paranoid is $paranoid: run as root, or sudo sysctl kernel.perf_event_paranoid=-1"
fi
perf list 'sched:sched_switch' 2>/dev/null | grep -q sched_switch \
    || die "perf does not see the sched:sched_switch tracepoint (is tracefs mounted and readable?)"
LOCK_EVENTS=()
if [ "$LOCKS" = 1 ]; then
    if perf list 'lock:contention_begin' 2>/dev/null | grep -q contention_begin; then
        LOCK_EVENTS=(-e lock:contention_begin -e lock:contention_end)
    else
        say "no lock:contention_begin tracepoint in this kernel (5.19+): recording scheduler events only"
    fi
fi

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# --- the database ------------------------------------------------------------------------
PGDATA_TMP=""
cleanup() {
    if [ -n "$PGDATA_TMP" ]; then
        as_pg pg_ctl -D "$PGDATA_TMP/data" -m fast stop >/dev/null 2>&1 || true
        rm -rf "$PGDATA_TMP"
    fi
    [ -z "${NSTAT_PID:-}" ] || kill "$NSTAT_PID" 2>/dev/null || true
}
trap cleanup EXIT

# PostgreSQL refuses to run as root: as root the throwaway server runs as user postgres.
as_pg() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

if [ "$SERVER" = 1 ]; then
    PGBIN=$(pg_config --bindir 2>/dev/null || true)
    [ -n "$PGBIN" ] && [ -x "$PGBIN/initdb" ] || PGBIN=$(dirname "$(command -v initdb || echo /nonexistent/initdb)")
    [ -x "$PGBIN/initdb" ] || die "--server needs initdb and pg_ctl (apt-get install postgresql)"
    export PATH="$PGBIN:$PATH"
    PGDATA_TMP=$(mktemp -d /tmp/schedlab-pg.XXXXXX)
    chmod 755 "$PGDATA_TMP"
    [ "$(id -u)" != 0 ] || chown postgres "$PGDATA_TMP"
    as_pg initdb -D "$PGDATA_TMP/data" -A trust -U postgres >/dev/null
    as_pg pg_ctl -D "$PGDATA_TMP/data" -l "$PGDATA_TMP/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PGDATA_TMP" start >/dev/null
    export PGHOST=127.0.0.1 PGPORT="$PORT" PGUSER=postgres PGDATABASE=postgres
    say "throwaway PostgreSQL on 127.0.0.1:$PORT"
fi
psql -XAtqc 'select 1' >/dev/null || die "cannot connect to PostgreSQL (set PGHOST/PGPORT/PGUSER/PGDATABASE, or use --server)"
PG_VERSION=$(psql -XAtqc 'show server_version')

if [ "$INIT" = 1 ]; then
    say "pgbench -i -s $SCALE"
    pgbench -i -q -s "$SCALE" >/dev/null 2>"$OUT/pgbench_init.log"
fi

# --- the run -----------------------------------------------------------------------------
PGBENCH_CMD=(pgbench -N -c "$CLIENTS" -j "$THREADS" -T "$PGBENCH_SECONDS" -P 1 -M prepared)
PERF_CMD=(perf sched record -o "$OUT/perf.data" "${LOCK_EVENTS[@]}" -- sleep "$PERF_SECONDS")
WARMUP=$(awk -v d="$PERF_SECONDS" -v t="$PGBENCH_SECONDS" 'BEGIN { printf "%.1f", (t - d) / 2 }')

if [ "$HAVE_NSTAT" = 1 ]; then
    export NSTAT_HISTORY="$OUT/.nstat.history"
    nstat -n
    ( for _ in $(seq "$PGBENCH_SECONDS"); do sleep 1; nstat -z; done ) >"$OUT/nstat.txt" &
    NSTAT_PID=$!
fi
say "${PGBENCH_CMD[*]}"
"${PGBENCH_CMD[@]}" >"$OUT/pgbench.txt" 2>&1 &
PGBENCH_PID=$!
sleep "$WARMUP"
say "${PERF_CMD[*]}"
"${PERF_CMD[@]}" 2>"$OUT/perf_record.log"
wait "$PGBENCH_PID" || die "pgbench failed: see $OUT/pgbench.txt"
if [ -n "${NSTAT_PID:-}" ]; then
    wait "$NSTAT_PID" || true
    NSTAT_PID=""
    rm -f "$OUT/.nstat.history"
fi

# --- text for SchedLab, and perf's own tables for the same recording ---------------------
say "perf sched script / latency / timehist"
perf sched script -i "$OUT/perf.data" 2>/dev/null | gzip -9n >"$OUT/perf_sched_script.txt.gz"
perf sched latency -i "$OUT/perf.data" >"$OUT/perf_sched_latency.txt" 2>/dev/null
perf sched latency --pids -i "$OUT/perf.data" >"$OUT/perf_sched_latency_pids.txt" 2>/dev/null
perf sched timehist -i "$OUT/perf.data" 2>/dev/null | gzip -9n >"$OUT/perf_sched_timehist.txt.gz"
if [ ${#LOCK_EVENTS[@]} -gt 0 ]; then
    perf lock contention -i "$OUT/perf.data" >"$OUT/perf_lock_contention.txt" 2>&1 || true
fi
[ "$KEEP_PERF" = 1 ] || rm -f "$OUT/perf.data"

{
    echo "recorded   $(date -u '+%Y-%m-%d %H:%M:%S UTC') by example-data/record.sh"
    echo "machine    $(uname -srvm), $(nproc) CPUs"
    echo "perf       $(perf --version)"
    echo "postgres   $PG_VERSION (pgbench -i -s $SCALE)"
    echo "pgbench    ${PGBENCH_CMD[*]}"
    echo "perf       perf sched record ${LOCK_EVENTS[*]} -- sleep $PERF_SECONDS, started $WARMUP s into the run"
    [ "$HAVE_NSTAT" = 0 ] || echo "nstat      nstat -z every second during the run (per-second deltas)"
} >"$OUT/RECORDING.txt"
cat "$OUT/RECORDING.txt" >&2
say "done: $(cd "$OUT" && ls | tr '\n' ' ')"
