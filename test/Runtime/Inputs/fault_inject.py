# Fault injection over the whole tirx-run path (test/Runtime/fault-injection.test): runs CMD
# once to count the driver calls (TIRX_FAKE_CUDA_CHECK=1), then once per call with that call
# failing (TIRX_FAKE_CUDA_FAIL=i).  Each run must end cleanly: exit 0, 1 or 3 (no signal, no
# sanitizer report), an error message when it fails, and no leaked device allocation, module
# or context (the fake reports them at exit).
#   fault_inject.py LIBCUDA CMD ARGS...
import os
import subprocess
import sys

lib, cmd = sys.argv[1], sys.argv[2:]


def run(fail):
    env = dict(os.environ, TIRX_LIBCUDA=lib, TIRX_FAKE_CUDA_CHECK="1")
    if fail:
        env["TIRX_FAKE_CUDA_FAIL"] = str(fail)
    p = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stderr


rc, err = run(0)
calls = [int(l.split()[1]) for l in err.splitlines() if l.endswith(" driver calls")]
if rc != 0 or not calls:
    print("fault injection: the clean run failed (exit %d):\n%s" % (rc, err))
    sys.exit(1)
bad = 0
for i in range(1, calls[0] + 1):
    rc, err = run(i)
    lines = [l for l in err.splitlines() if not l.startswith("fake-cuda: ") or "LEAK" in l]
    problem = None
    if rc not in (0, 1, 3):
        problem = "exit status %d" % rc
    elif any("LEAK" in l or "Sanitizer" in l for l in lines):
        problem = "leak or sanitizer report"
    elif rc != 0 and not lines:
        problem = "failed without a message"
    if problem:
        bad += 1
        print("call %d failing: %s\n  %s" % (i, problem, "\n  ".join(lines[-6:])))
print("fault injection: %d driver calls, each failing once: %d clean, %d not"
      % (calls[0], calls[0] - bad, bad))
sys.exit(1 if bad else 0)
