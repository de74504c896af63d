"""expect_exit.py N CMD [ARGS...]: run CMD, pass its stdout/stderr through, and exit 0
iff it exited with status N (lit's `not` only tells zero from non-zero; the tools'
exit codes 1/2/3 mean different things)."""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
sys.stdout.write(proc.stdout.decode(errors="replace"))
sys.stdout.write(proc.stderr.decode(errors="replace"))
if proc.returncode != want:
    sys.stdout.write("expect_exit: expected exit status %d, got %d\n" % (want, proc.returncode))
    sys.exit(1)
