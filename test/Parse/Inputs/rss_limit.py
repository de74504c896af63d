# Runs a command and fails when its peak resident memory exceeds LIMIT_MB:
#   rss_limit.py LIMIT_MB CMD ARGS...   (the command's stdout is discarded)
import resource
import subprocess
import sys

limit = int(sys.argv[1])
rc = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
print("exit %d, peak %s MB" % (rc, "over %d" % limit if peak > limit else "within %d" % limit))
sys.exit(rc or (1 if peak > limit else 0))
