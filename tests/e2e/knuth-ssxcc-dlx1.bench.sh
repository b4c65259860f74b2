# The bench tier of knuth-ssxcc-dlx1.sh (seconds each): SSXCC's and DLX1's
# stderr on the bench-tier instances of data/reference.
WANT_TIER=bench . "$(dirname "$0")/knuth-ssxcc-dlx1.sh"
