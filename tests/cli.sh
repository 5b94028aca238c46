echo "cli tests: 0 passed, 0 failed"
