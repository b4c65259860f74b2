# The bench tier of mcc.sh: the instances of data/reference-family/dlx3
# that take DLX3 seconds, byte for byte against his outputs, and their
# counts with -c, -j 2 and --shard K/N (N = 1 .. 6).
WANT_TIER=bench . "$(dirname "$0")/mcc.sh"
