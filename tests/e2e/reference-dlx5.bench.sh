# The bench tier of the DLX5 corpus (seconds each): same checks.
WANT_TIER=bench . "$(dirname "$0")/reference-dlx5.sh"
