# The bench tier of the reference corpus (seconds each): same checks.
WANT_TIER=bench . "$(dirname "$0")/reference.sh"
