# The counts of lit's summary as one line "N passed, M failed" (scripts/test.sh; tested by
# test/Harness/lit-summary.test).  After "Total Discovered Tests: N" lit prints
# "  Passed: 3 (75.00%)", "  Failed: 1 (25.00%)", ..., aligning both the labels and the
# numbers ("  Failed     :  33 (9.76%)").  Run with: awk -F': *' -f lit-summary.awk LOG
    /^Total Discovered Tests:/ { summary = 1 }
    summary && /^ +[A-Za-z ]+: *[0-9]+/ {
        label = $1; gsub(/^ +| +$/, "", label); n = $2 + 0
        if (label == "Passed" || label == "Passed With Retry") passed += n
        else if (label == "Failed" || label == "Unresolved" || label == "Timed Out" ||
                 label == "Unexpectedly Passed") failed += n
        else if (label == "Unsupported" || label == "Expectedly Failed" ||
                 label == "Skipped" || label == "Excluded") other = other sep label " " n
        if (other != "") sep = ", "
    }
    END {
        if (other != "") print "(not counted: " other ")"
        printf "%d passed, %d failed\n", passed, failed
    }
