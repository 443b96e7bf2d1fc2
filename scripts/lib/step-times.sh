# Shared by .ci/run and scripts/test-all.sh: every step's duration, recorded as it ends.
# Source it after `cd` to the repository root. Each finished step appends one line
# "LANE<TAB>STEP<TAB>RESULT<TAB>SECONDS" to $STEP_TIMES_FILE; scripts/step-times.mjs prints them as
# a table at the end (with the slowest jest files). The first script to source it in a process
# tree owns the file (it starts it empty and prints the table); scripts it starts inherit it.

if [[ -z "${STEP_TIMES_FILE:-}" ]]; then
  export STEP_TIMES_FILE="$PWD/test-results/step-times.tsv"
  STEP_TIMES_OWNER=1
  mkdir -p "$(dirname "$STEP_TIMES_FILE")"
  : >"$STEP_TIMES_FILE"
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
