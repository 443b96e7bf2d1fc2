# Shared by .ci/run and scripts/test-all.sh: every step's duration, recorded as it ends, and what
# each failed step printed last.
# Source it after `cd` to the repository root. Each finished step appends one line
# "LANE<TAB>STEP<TAB>RESULT<TAB>SECONDS" to $STEP_TIMES_FILE; scripts/step-times.mjs prints them as
# a table at the end (with the slowest jest files). A failed step's telling lines go to
# $FAILED_STEPS_FILE, printed at the very end of the log: a CI log is often read from its tail, and
# the three lanes' output interleaves. The first script to source it in a process tree owns both
# files (it starts them empty and prints them); scripts it starts inherit them.

if [[ -z "${STEP_TIMES_FILE:-}" ]]; then
  export STEP_TIMES_FILE="$PWD/test-results/step-times.tsv"
  export FAILED_STEPS_FILE="$PWD/test-results/failed-steps.txt"
  STEP_TIMES_OWNER=1
  mkdir -p "$(dirname "$STEP_TIMES_FILE")"
  : >"$STEP_TIMES_FILE"
  : >"$FAILED_STEPS_FILE"
else
  STEP_TIMES_OWNER=0
fi

# step_time LANE STEP RESULT SECONDS: records one finished step.
step_time() {
  printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$STEP_TIMES_FILE"
}

# timed_step LANE STEP COMMAND...: runs COMMAND, prints "== [LANE] passed|FAILED in N s: STEP" and
# records it; returns COMMAND's status.
timed_step() {
  local lane="$1" step="$2" started=$SECONDS status=0 result=passed
  shift 2
  "$@" || status=$?
  [[ "$status" == 0 ]] || result=FAILED
  echo "== [$lane] $result in $((SECONDS - started)) s: $step"
  step_time "$lane" "$step" "$result" "$((SECONDS - started))"
  return "$status"
}

# print_step_times [TOTAL_SECONDS]: the table, printed by the owner only.
print_step_times() {
  [[ "$STEP_TIMES_OWNER" == 1 ]] || return 0
  node scripts/step-times.mjs "$STEP_TIMES_FILE" "${1:-}" || true
}


# run_logged LOG COMMAND_STRING: runs the command in bash, its output (stdout and stderr) shown and
# kept in LOG; returns the command's status.
run_logged() {
  bash -c "$2" 2>&1 | tee "$1"
  return "${PIPESTATUS[0]}"
}

# record_failed_step STEP LOG: keeps a failed step's telling lines for print_failed_steps: the lines
# that name a failure (at most 40) and the last 30 lines of its log, colours stripped.
record_failed_step() {
  local plain
  plain="$(sed 's/\x1b\[[0-9;]*m//g' "$2")"
  {
    echo "== $1 (whole log: $2)"
    echo "-- the lines that name a failure:"
    grep -E 'FAILURE|WARNING|FAILED|✗|✕|● |Error:|[Tt]imed out' <<<"$plain" | head -n 40
    echo "-- its last lines:"
    tail -n 30 <<<"$plain"
  } >>"$FAILED_STEPS_FILE"
}

# print_failed_steps: what record_failed_step kept, printed by the owner only.
print_failed_steps() {
  [[ "$STEP_TIMES_OWNER" == 1 && -s "$FAILED_STEPS_FILE" ]] || return 0
  echo "== what the failed steps printed"
  cat "$FAILED_STEPS_FILE"
}
